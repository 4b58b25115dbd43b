import { create } from 'zustand';
import type { EventPayload } from '../../shared/ipc/index.ts';
import { registerStoreReset } from '../stores/resetStores.ts';

export type CoreState = EventPayload<'core.changed'>;

type CoreStateStore = {
  /** What the shell last said about core: running (nothing to show), restarting, or stopped. */
  core: CoreState | null;
  /** core.changed */
  apply: (core: CoreState) => void;
  reset: () => void;
};

/** Core's state as the shell reports it, for the banner under the header. */
export const useCoreStateStore = create<CoreStateStore>()((set) => ({
  core: null,
  apply: (core) => set({ core }),
  reset: () => set({ core: null }),
}));

registerStoreReset(() => useCoreStateStore.getState().reset());
