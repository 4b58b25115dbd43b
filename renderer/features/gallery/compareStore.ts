import { create } from 'zustand';
import type { AppError, LibraryItem } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge/invoke.ts';

/** Two to four items side by side. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

interface CompareState {
  items: readonly LibraryItem[];
  open: boolean;
  /** Why the items could not be read, worded where it is shown. */
  error: AppError | null;
  /** Reads the items afresh and opens them side by side, in the order given. */
  compare: (ids: readonly string[]) => Promise<void>;
  close: () => void;
  reset: () => void;
}

const initial = { items: [], open: false, error: null };

export const useCompareStore = create<CompareState>()((set) => ({
  ...initial,
  compare: async (ids) => {
    if (ids.length < COMPARE_MIN || ids.length > COMPARE_MAX) return;
    const replies = await Promise.all(ids.map((id) => invoke('library.get', { id })));
    const failed = replies.find((reply) => !reply.ok);
    if (failed && !failed.ok) return set({ error: failed.error });
    const items = replies.flatMap((reply) => (reply.ok ? [reply.value] : []));
    // Compared media is wanted now, whatever the automatic download setting says.
    const missing = items.filter((item) => !item.downloaded && item.mediaId).map((item) => item.id);
    if (missing.length > 0) void invoke('library.fetchMedia', { ids: missing, role: 'output' });
    set({ items, open: true, error: null });
  },
  close: () => set({ open: false, items: [] }),
  reset: () => set(initial),
}));
