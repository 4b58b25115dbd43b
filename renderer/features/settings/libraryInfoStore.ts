import { create } from 'zustand';
import type { CommandOutput } from '../../../shared/ipc/index.ts';
import { command, messageOf } from '../gallery/command.ts';

type Stats = CommandOutput<'library.stats'>;
type Check = CommandOutput<'library.check'>;

interface LibraryInfoState {
  stats: Stats | null;
  check: Check | null;
  checking: boolean;
  error: string | null;
  loadStats: () => Promise<void>;
  runCheck: () => Promise<void>;
  reset: () => void;
}

const initial = { stats: null, check: null, checking: false, error: null };

/** The library's place and size on disk, and its integrity check. */
export const useLibraryInfoStore = create<LibraryInfoState>()((set, get) => ({
  ...initial,
  loadStats: async () => {
    try {
      set({ stats: await command('library.stats', {}), error: null });
    } catch (error) {
      set({ error: messageOf(error) });
    }
  },
  runCheck: async () => {
    set({ checking: true, error: null });
    try {
      set({ check: await command('library.check', {}), checking: false });
      void get().loadStats();
    } catch (error) {
      set({ checking: false, error: messageOf(error) });
    }
  },
  reset: () => set(initial),
}));
