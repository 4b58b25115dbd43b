import { create } from 'zustand';
import type { CommandOutput } from '../../shared/ipc/index.ts';
import { invoke } from '../bridge/invoke.ts';
import { registerStoreReset } from './resetStores.ts';

type Crash = NonNullable<CommandOutput<'app.lastCrash'>>;

type CrashStore = {
  /** The crash an earlier run left, until the person dismisses its notice. */
  crash: Crash | null;
  load: () => Promise<void>;
  dismiss: () => Promise<void>;
  reset: () => void;
};

export const useCrashStore = create<CrashStore>()((set) => ({
  crash: null,
  load: async () => {
    const reply = await invoke('app.lastCrash', {});
    set({ crash: reply.ok ? reply.value : null });
  },
  dismiss: async () => {
    set({ crash: null });
    await invoke('app.dismissCrash', {});
  },
  reset: () => set({ crash: null }),
}));

registerStoreReset(() => useCrashStore.getState().reset());
