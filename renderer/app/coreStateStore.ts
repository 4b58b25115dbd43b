import { create } from 'zustand';
import type { AppError, EventPayload } from '../../shared/ipc/index.ts';
import { invoke } from '../bridge/invoke.ts';
import { registerStoreReset } from '../stores/resetStores.ts';

export type CoreState = EventPayload<'core.changed'>;

type CoreStateStore = {
  /** What the shell last said about core: running (nothing to show), restarting, or stopped. */
  core: CoreState | null;
  /** The shell has answered `shell.coreState` (or could not be asked), or told `core.changed`: `core` is all the page can know. */
  heard: boolean;
  /** While the ask to start core again is on its way. */
  startingAgain: boolean;
  /** Why the ask to start core again was not answered (the link to the shell is down). */
  startAgainError: AppError | null;
  /** core.changed */
  apply: (core: CoreState) => void;
  /**
   * Asks the shell what it last said: a page that connects (or reconnects) after core was given
   * up heard no event. A shell that cannot answer leaves what the page knows.
   */
  load: () => Promise<void>;
  /** Asks the shell to start core again once it was given up; core.changed then says how that goes. */
  startAgain: () => Promise<void>;
  reset: () => void;
};

const initial = { core: null, heard: false, startingAgain: false, startAgainError: null };

/** Core's state as the shell reports it, for the banner under the header and the loading screen. */
export const useCoreStateStore = create<CoreStateStore>()((set, get) => ({
  ...initial,
  apply: (core) => set({ core, heard: true }),
  load: async () => {
    const reply = await invoke('shell.coreState', {});
    set(reply.ok ? { core: reply.value, heard: true } : { heard: true });
  },
  startAgain: async () => {
    const asked = get().core;
    set({ startingAgain: true, startAgainError: null });
    const reply = await invoke('shell.restartCore', {});
    // core.changed may have come first and said more (running already): the answer does not undo it.
    if (!reply.ok) set({ startingAgain: false, startAgainError: reply.error });
    else set({ startingAgain: false, ...(get().core === asked ? { core: reply.value } : {}) });
  },
  reset: () => set(initial),
}));

registerStoreReset(() => useCoreStateStore.getState().reset());
