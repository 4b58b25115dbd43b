import { create } from 'zustand';
import type { DiskSpace } from '../../shared/ipc/index.ts';
import { invoke } from '../bridge/invoke.ts';
import { registerStoreReset } from './resetStores.ts';

type DiskSpaceStore = {
  /** The active library's disk: full while downloads and new paid work wait for room. */
  space: DiskSpace | null;
  /** Reads it on start and when the connection switches; `disk.changed` follows it. */
  load: () => Promise<void>;
  /** disk.changed */
  apply: (space: DiskSpace) => void;
  reset: () => void;
};

export const useDiskSpaceStore = create<DiskSpaceStore>()((set) => ({
  space: null,
  load: async () => {
    const reply = await invoke('library.diskSpace', {});
    set({ space: reply.ok ? reply.value : null });
  },
  apply: (space) => set({ space }),
  reset: () => set({ space: null }),
}));

registerStoreReset(() => useDiskSpaceStore.getState().reset());
