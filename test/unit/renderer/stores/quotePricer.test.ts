import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bridge, Price } from '../../../../shared/ipc/index.ts';
import { setBridgeForTests } from '../../../../renderer/bridge/invoke.ts';
import { PRICE_DEBOUNCE_MS, QuotePricer, type PriceState } from '../../../../renderer/stores/quotePricer.ts';

function price(credits: number): Price {
  return {
    quoteId: `q-${credits}`,
    credits,
    approvalRequired: false,
    approvalState: null,
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
    balance: 100,
    covered: true,
  };
}

describe('pricing a form as it changes', () => {
  let calls: unknown[];
  let answer: (input: { input: Record<string, unknown> }) => Promise<Price>;

  beforeEach(() => {
    vi.useFakeTimers();
    calls = [];
    answer = (input) => Promise.resolve(price(Number(input.input.n)));
    const bridge: Bridge = {
      invoke: (async (_command: string, input: { input: Record<string, unknown> }) => {
        calls.push(input);
        return { ok: true, value: await answer(input) };
      }) as Bridge['invoke'],
      on: () => () => undefined,
    };
    setBridgeForTests(bridge);
  });

  afterEach(() => {
    setBridgeForTests(null);
    vi.useRealTimers();
  });

  it('asks for one quote after the typing stops, never one per keystroke', async () => {
    const states: PriceState[] = [];
    const pricer = new QuotePricer((state) => states.push(state));
    for (let n = 1; n <= 5; n += 1) {
      pricer.request({ operationId: 'generations.create.v1', input: { n } });
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS);
    expect(calls).toHaveLength(1);
    expect(states.at(-1)).toMatchObject({ status: 'priced', price: { credits: 5, quoteId: 'q-5' } });
  });

  it('drops the answer to an older input when a newer one was asked for', async () => {
    const states: PriceState[] = [];
    const pricer = new QuotePricer((state) => states.push(state));
    const gate: { release: () => void } = { release: () => undefined };
    answer = async (input) => {
      if (input.input.n === 1) await new Promise<void>((resolve) => (gate.release = resolve));
      return price(Number(input.input.n));
    };
    pricer.request({ operationId: 'x.v1', input: { n: 1 } });
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS);
    pricer.request({ operationId: 'x.v1', input: { n: 2 } });
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS);
    gate.release();
    await vi.runAllTimersAsync();
    expect(states.at(-1)).toMatchObject({ status: 'priced', price: { credits: 2 } });
    expect(states.filter((s) => s.status === 'priced' && s.price.credits === 1)).toHaveLength(0);
  });

  it('does not ask again for an unchanged input', async () => {
    const pricer = new QuotePricer(() => undefined);
    pricer.request({ operationId: 'x.v1', input: { n: 3 } });
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS);
    pricer.request({ operationId: 'x.v1', input: { n: 3 } });
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS);
    expect(calls).toHaveLength(1);
  });
});
