import { create } from 'zustand';
import type { Reply, SandboxState } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge/invoke.ts';
import { describeError } from '../../errors/errorMessages.ts';
import { formatCount, formatCountOf } from '../../ui/format.ts';

type Plan = SandboxState['account']['plan'];
type Speed = SandboxState['speed'];

interface SandboxStoreState {
  state: SandboxState | null;
  loading: boolean;
  /** The action under way (a quote id, 'credits', 'plan' or 'speed'). */
  busy: string | null;
  error: string | null;
  notice: string | null;
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
  const act = async <T>(busy: string, run: () => Promise<Reply<T>>, notice: (value: T) => string) => {
    set({ busy, error: null, notice: null });
    const reply = await run();
    if (reply.ok) {
      set({ notice: notice(reply.value) });
      await get().load();
    } else {
      set({ error: describeError(reply.error) });
    }
    set({ busy: null });
  };
  return {
    ...initial,
    load: async () => {
      set({ loading: true });
      const reply = await invoke('sandbox.get', {});
      if (reply.ok) set({ state: reply.value, loading: false });
      else set({ error: describeError(reply.error), loading: false });
    },
    decide: (quoteId, decision) =>
      act(
        quoteId,
        () => invoke('sandbox.decideQuote', { id: quoteId, decision }),
        () => (decision === 'approve' ? 'Approved: the job can run now.' : 'Rejected: that price cannot be spent.'),
      ),
    addCredits: (amount) =>
      act(
        'credits',
        () => invoke('sandbox.addCredits', { amount }),
        ({ balance }) => `Added ${formatCountOf(amount, 'sandbox credit')}; the balance is ${formatCount(balance)}.`,
      ),
    setPlan: (plan) =>
      act(
        'plan',
        () => invoke('sandbox.setPlan', { plan }),
        () =>
          plan === 'free'
            ? 'The account is on the free plan now: the service refuses to generate, as it would for a real free account.'
            : 'Plan changed.',
      ),
    setSpeed: (speed) =>
      act(
        'speed',
        () => invoke('sandbox.setSpeed', { speed }),
        () => (speed === 'fast' ? 'Jobs finish in moments from now on.' : 'Jobs take about as long as on the real service from now on.'),
      ),
    reset: () => set(initial),
  };
});
