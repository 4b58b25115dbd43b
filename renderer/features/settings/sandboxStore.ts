import { create } from 'zustand';
import type { SandboxState } from '../../../shared/ipc/index.ts';
import { command, messageOf } from '../gallery/command.ts';

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
  const act = async (busy: string, run: () => Promise<string>) => {
    set({ busy, error: null, notice: null });
    try {
      const notice = await run();
      set({ notice });
      await get().load();
    } catch (error) {
      set({ error: messageOf(error) });
    } finally {
      set({ busy: null });
    }
  };
  return {
    ...initial,
    load: async () => {
      set({ loading: true });
      try {
        set({ state: await command('sandbox.get', {}), loading: false });
      } catch (error) {
        set({ error: messageOf(error), loading: false });
      }
    },
    decide: (quoteId, decision) =>
      act(quoteId, async () => {
        await command('sandbox.decideQuote', { id: quoteId, decision });
        return decision === 'approve' ? 'Approved: the job can run now.' : 'Rejected: that price cannot be spent.';
      }),
    addCredits: (amount) =>
      act('credits', async () => {
        const { balance } = await command('sandbox.addCredits', { amount });
        return `Added ${amount.toLocaleString()} sandbox credits; the balance is ${balance.toLocaleString()}.`;
      }),
    setPlan: (plan) =>
      act('plan', async () => {
        await command('sandbox.setPlan', { plan });
        return plan === 'free' ? 'The account is on the free plan now: the service refuses to generate, as it would for a real free account.' : 'Plan changed.';
      }),
    setSpeed: (speed) =>
      act('speed', async () => {
        await command('sandbox.setSpeed', { speed });
        return speed === 'fast' ? 'Jobs finish in moments from now on.' : 'Jobs take about as long as on the real service from now on.';
      }),
    reset: () => set(initial),
  };
});
