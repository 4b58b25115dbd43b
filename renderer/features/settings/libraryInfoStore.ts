import { create } from 'zustand';
import type { CommandOutput, LibraryHealth } from '../../../shared/ipc/index.ts';
import { command, messageOf } from '../gallery/command.ts';

type Stats = CommandOutput<'library.stats'>;
type Check = CommandOutput<'library.check'>;

interface LibraryInfoState {
  stats: Stats | null;
  check: Check | null;
  checking: boolean;
  error: string | null;
  /** The library's health (damaged, rebuilding…) and the sentence the banner and Settings show. */
  health: LibraryHealth | null;
  /** A full integrity check or a repair is running. */
  healthBusy: boolean;
  loadStats: () => Promise<void>;
  runCheck: () => Promise<void>;
  loadHealth: () => Promise<void>;
  applyHealth: (health: LibraryHealth) => void;
  checkIntegrity: () => Promise<void>;
  repair: () => Promise<void>;
  /** "Fetch them again": every failed download back in line, every waiting one now; then checked again. */
  refetch: () => Promise<void>;
  reset: () => void;
}

/** What the library check found, as a sentence: files not in place (waiting or failed) count as well. */
export function checkSummary(check: Check): string {
  const notInPlace = check.pending + check.failed;
  if (check.missing === 0 && check.orphans === 0 && notInPlace === 0) return 'Everything is in place.';
  const parts: string[] = [];
  if (notInPlace > 0) {
    const detail = [check.pending > 0 ? `${check.pending.toLocaleString()} waiting to download` : '', check.failed > 0 ? `${check.failed.toLocaleString()} failed` : ''].filter(Boolean).join(', ');
    parts.push(`${notInPlace.toLocaleString()} ${notInPlace === 1 ? 'file is' : 'files are'} not in place yet (${detail})`);
  }
  if (check.missing > 0) parts.push(`${check.missing.toLocaleString()} missing files (${check.refetched.toLocaleString()} downloaded again)`);
  if (check.orphans > 0) parts.push(`${check.orphans.toLocaleString()} stray files (${check.removed.toLocaleString()} removed)`);
  return `${parts.join('; ')}.`;
}

const initial = { stats: null, check: null, checking: false, error: null, health: null, healthBusy: false };

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
  refetch: async () => {
    set({ checking: true, error: null });
    try {
      await command('library.refetch', {});
      set({ check: await command('library.check', {}), checking: false });
    } catch (error) {
      set({ checking: false, error: messageOf(error) });
    }
  },
  loadHealth: async () => {
    try {
      set({ health: await command('library.health', {}) });
    } catch {
      // No active connection: nothing to say about a library.
      set({ health: null });
    }
  },
  applyHealth: (health) => set({ health }),
  checkIntegrity: async () => {
    set({ healthBusy: true, error: null });
    try {
      set({ health: await command('library.checkIntegrity', {}), healthBusy: false });
    } catch (error) {
      set({ healthBusy: false, error: messageOf(error) });
    }
  },
  repair: async () => {
    set({ healthBusy: true, error: null });
    try {
      set({ health: await command('library.repair', {}), healthBusy: false });
    } catch (error) {
      set({ healthBusy: false, error: messageOf(error) });
    }
  },
  reset: () => set(initial),
}));
