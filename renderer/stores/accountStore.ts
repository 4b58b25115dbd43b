import { create } from 'zustand';
import type { Account } from '../../shared/api/index.ts';
import type { AppError } from '../../shared/ipc/index.ts';
import { invoke } from '../bridge/invoke.ts';

type AccountState = {
  account: Account | null;
  /** The credit balance; credits.changed keeps it current between account reads. */
  balance: number | null;
  error: AppError | null;
  load: () => Promise<void>;
  setBalance: (balance: number) => void;
  reset: () => void;
};

const initial = { account: null, balance: null, error: null };

export const useAccountStore = create<AccountState>()((set) => ({
  ...initial,
  load: async () => {
    const reply = await invoke('account.get', {});
    if (!reply.ok) {
      set({ error: reply.error });
      return;
    }
    set({ account: reply.value, balance: reply.value?.credits.balance ?? null, error: null });
  },
  setBalance: (balance) => set({ balance }),
  reset: () => set(initial),
}));
