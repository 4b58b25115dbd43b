import { create } from 'zustand';
import type { CreditTransaction } from '../../../shared/api/index.ts';
import type { CommandOutput } from '../../../shared/ipc/index.ts';
import { command, messageOf } from '../gallery/command.ts';

export type SpendRow = CommandOutput<'account.spendByDay'>[number];

const USAGE_PAGE = 50;
export const SPEND_DAYS = 30;

interface CreditsState {
  transactions: readonly CreditTransaction[];
  /** The cursor of the next page; null once the last page is in. */
  nextCursor: string | null;
  usageDone: boolean;
  usageLoading: boolean;
  usageError: string | null;
  spend: readonly SpendRow[];
  spendLoaded: boolean;
  spendError: string | null;

  /** Loads the first page again (the screen opened, or credits changed). */
  reloadUsage: () => Promise<void>;
  /** Infinite scroll: the next page, once. */
  loadMoreUsage: () => Promise<void>;
  loadSpend: () => Promise<void>;
  reset: () => void;
}

const initial = {
  transactions: [],
  nextCursor: null,
  usageDone: false,
  usageLoading: false,
  usageError: null,
  spend: [],
  spendLoaded: false,
  spendError: null,
};

let usageTicket = 0;

export const useCreditsStore = create<CreditsState>()((set, get) => ({
  ...initial,

  reloadUsage: async () => {
    const ticket = ++usageTicket;
    set({ usageLoading: true, usageError: null });
    try {
      const page = await command('account.usage', { limit: USAGE_PAGE });
      if (ticket !== usageTicket) return;
      set({ transactions: page.items, nextCursor: page.nextCursor, usageDone: page.nextCursor === null, usageLoading: false });
    } catch (error) {
      if (ticket === usageTicket) set({ usageLoading: false, usageError: messageOf(error) });
    }
  },

  loadMoreUsage: async () => {
    const { nextCursor, usageDone, usageLoading } = get();
    if (usageDone || usageLoading || nextCursor === null) return;
    const ticket = ++usageTicket;
    set({ usageLoading: true, usageError: null });
    try {
      const page = await command('account.usage', { cursor: nextCursor, limit: USAGE_PAGE });
      if (ticket !== usageTicket) return;
      set({ transactions: [...get().transactions, ...page.items], nextCursor: page.nextCursor, usageDone: page.nextCursor === null, usageLoading: false });
    } catch (error) {
      if (ticket === usageTicket) set({ usageLoading: false, usageError: messageOf(error) });
    }
  },

  loadSpend: async () => {
    try {
      set({ spend: await command('account.spendByDay', { days: SPEND_DAYS }), spendLoaded: true, spendError: null });
    } catch (error) {
      set({ spendLoaded: true, spendError: messageOf(error) });
    }
  },

  reset: () => {
    usageTicket += 1;
    set(initial);
  },
}));
