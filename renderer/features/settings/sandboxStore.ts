import { create } from 'zustand';
import type { AppError, Reply, SandboxState } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge/invoke.ts';
import type { MessageId } from '../../i18n/catalogs.ts';

type Plan = SandboxState['account']['plan'];
type Speed = SandboxState['speed'];
/** What to tell the person after a sandbox command: a message and its numbers. */
export type SandboxNotice = { message: MessageId; values?: Record<string, number> };

interface SandboxStoreState {
  state: SandboxState | null;
  loading: boolean;
  /** The action under way (a quote id, 'credits', 'plan' or 'speed'). */
  busy: string | null;
  /** Worded when shown (`useDescribeError`), in the language shown then. */
  error: AppError | null;
  notice: SandboxNotice | null;
  load: () => Promise<void>;
  decide: (quoteId: string, decision: 'approve' | 'reject') => Promise<void>;
  addCredits: (amount: number) => Promise<void>;
  setPlan: (plan: Plan) => Promise<void>;
  setSpeed: (speed: Speed) => Promise<void>;
  reset: () => void;
}

const initial = { state: null, loading: false, busy: null, error: null, notice: null };

/** Settings → Sandbox: what the web app and the team's approver do, done on the embedded sandbox. */
export const useSandboxStore = create<SandboxStoreState>()((set, get) => {
  /** Runs one sandbox command; its reply, when accepted, says what to tell the person. */
  const act = async <T>(busy: string, run: () => Promise<Reply<T>>, notice: (value: T) => SandboxNotice) => {
    set({ busy, error: null, notice: null });
    const reply = await run();
    if (reply.ok) {
      set({ notice: notice(reply.value) });
      await get().load();
    } else {
      set({ error: reply.error });
    }
    set({ busy: null });
  };
  return {
    ...initial,
    load: async () => {
      set({ loading: true });
      const reply = await invoke('sandbox.get', {});
      if (reply.ok) set({ state: reply.value, loading: false });
      else set({ error: reply.error, loading: false });
    },
    decide: (quoteId, decision) =>
      act(
        quoteId,
        () => invoke('sandbox.decideQuote', { id: quoteId, decision }),
        () => ({ message: decision === 'approve' ? 'settings.sandbox.notice.approved' : 'settings.sandbox.notice.rejected' }),
      ),
    addCredits: (amount) =>
      act(
        'credits',
        () => invoke('sandbox.addCredits', { amount }),
        ({ balance }) => ({ message: 'settings.sandbox.notice.added', values: { count: amount, balance } }),
      ),
    setPlan: (plan) =>
      act(
        'plan',
        () => invoke('sandbox.setPlan', { plan }),
        () => ({ message: plan === 'free' ? 'settings.sandbox.notice.freePlan' : 'settings.sandbox.notice.planChanged' }),
      ),
    setSpeed: (speed) =>
      act(
        'speed',
        () => invoke('sandbox.setSpeed', { speed }),
        () => ({ message: speed === 'fast' ? 'settings.sandbox.notice.fast' : 'settings.sandbox.notice.realtime' }),
      ),
    reset: () => set(initial),
  };
});
