import type { IntlShape } from 'react-intl';
import { create } from 'zustand';
import type { AppError, CommandOutput, LibraryHealth } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge/invoke.ts';

type Stats = CommandOutput<'library.stats'>;
type Check = CommandOutput<'library.check'>;

interface LibraryInfoState {
  stats: Stats | null;
  check: Check | null;
  checking: boolean;
  /** Worded when shown (`useDescribeError`), in the language shown then. */
  error: AppError | null;
  /** The library's health (damaged, rebuilding…) and what the banner and Settings say of it. */
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

/**
 * What the library check found, as sentences: files not in place (waiting or failed) count as well.
 * Each finding is a sentence of its own, so each language words it whole.
 */
export function checkSummary(check: Check, intl: IntlShape): string {
  const notInPlace = check.pending + check.failed;
  if (check.missing === 0 && check.orphans === 0 && notInPlace === 0) return intl.formatMessage({ id: 'settings.library.check.ok' });
  const sentences: string[] = [];
  if (notInPlace > 0) {
    const detail =
      check.pending > 0 && check.failed > 0
        ? intl.formatMessage({ id: 'settings.library.check.waitingAndFailed' }, { waiting: check.pending, failed: check.failed })
        : check.pending > 0
          ? intl.formatMessage({ id: 'settings.library.check.waiting' }, { count: check.pending })
          : intl.formatMessage({ id: 'settings.library.check.failed' }, { count: check.failed });
    sentences.push(intl.formatMessage({ id: 'settings.library.check.notInPlace' }, { count: notInPlace, detail }));
  }
  if (check.missing > 0)
    sentences.push(intl.formatMessage({ id: 'settings.library.check.missing' }, { count: check.missing, refetched: check.refetched }));
  if (check.orphans > 0)
    sentences.push(intl.formatMessage({ id: 'settings.library.check.stray' }, { count: check.orphans, removed: check.removed }));
  return sentences.join(' ');
}

const initial = { stats: null, check: null, checking: false, error: null, health: null, healthBusy: false };

/** The library's place and size on disk, and its integrity check. */
export const useLibraryInfoStore = create<LibraryInfoState>()((set, get) => ({
  ...initial,
  loadStats: async () => {
    const reply = await invoke('library.stats', {});
    if (reply.ok) set({ stats: reply.value, error: null });
    else set({ error: reply.error });
  },
  runCheck: async () => {
    set({ checking: true, error: null });
    const reply = await invoke('library.check', {});
    if (!reply.ok) return set({ checking: false, error: reply.error });
    set({ check: reply.value, checking: false });
    void get().loadStats();
  },
  refetch: async () => {
    set({ checking: true, error: null });
    const refetched = await invoke('library.refetch', {});
    if (!refetched.ok) return set({ checking: false, error: refetched.error });
    const reply = await invoke('library.check', {});
    if (reply.ok) set({ check: reply.value, checking: false });
    else set({ checking: false, error: reply.error });
  },
  loadHealth: async () => {
    const reply = await invoke('library.health', {});
    // Refused when no connection is active: nothing to say about a library.
    set({ health: reply.ok ? reply.value : null });
  },
  applyHealth: (health) => set({ health }),
  checkIntegrity: async () => {
    set({ healthBusy: true, error: null });
    const reply = await invoke('library.checkIntegrity', {});
    if (reply.ok) set({ health: reply.value, healthBusy: false });
    else set({ healthBusy: false, error: reply.error });
  },
  repair: async () => {
    set({ healthBusy: true, error: null });
    const reply = await invoke('library.repair', {});
    if (reply.ok) set({ health: reply.value, healthBusy: false });
    else set({ healthBusy: false, error: reply.error });
  },
  reset: () => set(initial),
}));
