import { create, type StoreApi } from 'zustand';
import type { CreditTransaction } from '../../../shared/api/index.ts';
import type { AppError, CommandOutput } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge/invoke.ts';

export type SpendRow = CommandOutput<'account.spendByDay'>[number];
export type CharacterSpendRow = CommandOutput<'account.spendByCharacter'>[number];

const USAGE_PAGE = 50;
/** A burst of charges settles into one re-read. */
const RELOAD_DEBOUNCE_MS = 500;
export const SPEND_DAYS = 30;

interface CreditsState {
  transactions: readonly CreditTransaction[];
  /** The cursor of the next page; null once the last page is in. */
  nextCursor: string | null;
  usageDone: boolean;
  usageLoading: boolean;
  /** Errors are kept as they came and worded where they are shown. */
  usageError: AppError | null;
  spend: readonly SpendRow[];
  /** The same period's spending per character, most first. */
  byCharacter: readonly CharacterSpendRow[];
  byCharacterError: AppError | null;
  spendLoaded: boolean;
  spendError: AppError | null;

  /** Loads the first page again (the screen opened, or credits changed). */
  reloadUsage: () => Promise<void>;
  /** Infinite scroll: the next page, once. */
  loadMoreUsage: () => Promise<void>;
  loadSpend: () => Promise<void>;
  /** credits.changed: the history and the chart are read again once the charges settle. */
  scheduleReload: () => void;
  cancelReload: () => void;
  reset: () => void;
}

const initial = {
  transactions: [],
  nextCursor: null,
  usageDone: false,
  usageLoading: false,
  usageError: null,
  spend: [],
  byCharacter: [],
  byCharacterError: null,
  spendLoaded: false,
  spendError: null,
};

let usageTicket = 0;
let reloadTimer: ReturnType<typeof setTimeout> | undefined;

type SetCredits = StoreApi<CreditsState>['setState'];
type GetCredits = StoreApi<CreditsState>['getState'];

export const useCreditsStore = create<CreditsState>()((set, get) => ({
  ...initial,

  ...usage(set, get),
  ...spending(set, get),
  reset: () => {
    clearTimeout(reloadTimer);
    usageTicket += 1;
    set(initial);
  },
}));

/** The credit transactions, newest first, a page at a time. */
function usage(set: SetCredits, get: GetCredits) {
  return {
    reloadUsage: async () => {
      const ticket = ++usageTicket;
      set({ usageLoading: true, usageError: null });
      const reply = await invoke('account.usage', { limit: USAGE_PAGE });
      if (ticket !== usageTicket) return;
      if (!reply.ok) return set({ usageLoading: false, usageError: reply.error });
      const page = reply.value;
      set({ transactions: page.items, nextCursor: page.nextCursor, usageDone: page.nextCursor === null, usageLoading: false });
    },

    loadMoreUsage: async () => {
      const { nextCursor, usageDone, usageLoading } = get();
      if (usageDone || usageLoading || nextCursor === null) return;
      const ticket = ++usageTicket;
      set({ usageLoading: true, usageError: null });
      const reply = await invoke('account.usage', { cursor: nextCursor, limit: USAGE_PAGE });
      if (ticket !== usageTicket) return;
      if (!reply.ok) return set({ usageLoading: false, usageError: reply.error });
      const page = reply.value;
      set({
        transactions: [...get().transactions, ...page.items],
        nextCursor: page.nextCursor,
        usageDone: page.nextCursor === null,
        usageLoading: false,
      });
    },
  } satisfies Partial<CreditsState>;
}

/** Spending by day and by character, and reading both again after a change. */
function spending(set: SetCredits, get: GetCredits) {
  return {
    loadSpend: async () => {
      const [days, characters] = await Promise.all([
        invoke('account.spendByDay', { days: SPEND_DAYS }),
        invoke('account.spendByCharacter', { days: SPEND_DAYS }),
      ]);
      set({
        spend: days.ok ? days.value : [],
        spendError: days.ok ? null : days.error,
        byCharacter: characters.ok ? characters.value : [],
        byCharacterError: characters.ok ? null : characters.error,
        spendLoaded: true,
      });
    },

    scheduleReload: () => {
      clearTimeout(reloadTimer);
      reloadTimer = setTimeout(() => {
        void get().reloadUsage();
        void get().loadSpend();
      }, RELOAD_DEBOUNCE_MS);
    },

    cancelReload: () => clearTimeout(reloadTimer),
  } satisfies Partial<CreditsState>;
}
