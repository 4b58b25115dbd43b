import { create } from 'zustand';
import type { EventPayload } from '../../shared/ipc/index.ts';
import { invoke } from '../bridge/invoke.ts';
import { registerStoreReset } from '../stores/resetStores.ts';

export type CoreState = EventPayload<'core.changed'>;

type CoreStateStore = {
  /** What the shell last said about core: running (nothing to show), restarting, or stopped. */
  core: CoreState | null;
  /** core.changed */
  apply: (core: CoreState) => void;
  /**
   * Asks the shell what it last said: a page that connects (or reconnects) after core was given
   * up heard no event. A shell that cannot answer leaves what the page knows.
   */
  load: () => Promise<void>;
  reset: () => void;
};

/** Core's state as the shell reports it, for the banner under the header. */
export const useCoreStateStore = create<CoreStateStore>()((set) => ({
  core: null,
  apply: (core) => set({ core }),
  load: async () => {
    const reply = await invoke('shell.coreState', {});
    if (reply.ok) set({ core: reply.value });
  },
  reset: () => set({ core: null }),
}));

registerStoreReset(() => useCoreStateStore.getState().reset());
