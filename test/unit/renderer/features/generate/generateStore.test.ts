import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CAPABILITIES, OPERATION_IDS } from '../../../../../shared/api/index.ts';
import type { Bridge, Price } from '../../../../../shared/ipc/index.ts';
import { setBridgeForTests } from '../../../../../renderer/bridge/invoke.ts';
import { useGenerateStore } from '../../../../../renderer/features/generate/generateStore.ts';
import { useCapabilitiesStore } from '../../../../../renderer/stores/capabilitiesStore.ts';
import { PRICE_DEBOUNCE_MS } from '../../../../../renderer/stores/quotePricer.ts';

type Call = { command: string; input: Record<string, unknown> };

function price(credits: number, change: Partial<Price> = {}): Price {
  return {
    quoteId: `q-${credits}`,
    credits,
    approvalRequired: false,
    approvalState: null,
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
    balance: 1_000,
    covered: true,
    ...change,
  };
}

describe('the generate panel choosing options and pricing them', () => {
  let calls: Call[];
  let quote: Price;

  beforeEach(() => {
    vi.useFakeTimers();
    calls = [];
    quote = price(12);
    const bridge: Bridge = {
      invoke: (async (command: string, input: Record<string, unknown>) => {
        calls.push({ command, input });
        if (command === 'quotes.price' || command === 'quotes.get') return { ok: true, value: quote };
        if (command === 'generations.create')
          return { ok: true, value: { id: 'job-1', state: 'queued', updatedAt: new Date().toISOString() } };
        return { ok: false, error: { code: 'not_available', params: { what: 'command' } } };
      }) as Bridge['invoke'],
      on: () => () => undefined,
    };
    setBridgeForTests(bridge);
    useCapabilitiesStore.setState({ capabilities: DEFAULT_CAPABILITIES });
    useGenerateStore.getState().reset();
  });

  afterEach(() => {
    useGenerateStore.getState().reset();
    useCapabilitiesStore.getState().reset();
    setBridgeForTests(null);
    vi.useRealTimers();
  });

  const priced = () => calls.filter((call) => call.command === 'quotes.price');
  const generate = () => useGenerateStore.getState();

  it('asks no price for a form that cannot be sent, and says what is missing once the user tries', async () => {
    generate().setCharacter('char-1');
    generate().setType('image');
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS * 2);
    expect(priced()).toEqual([]);
    expect(generate().price.status).toBe('idle');
    expect(generate().issues.prompt).toBeTruthy();
    expect(await generate().submit()).toBeNull();
    expect(generate().attempted).toBe(true);
    expect(calls.some((call) => call.command === 'generations.create')).toBe(false);
  });

  it('prices the generation it would send once the typing settles', async () => {
    generate().setCharacter('char-1');
    generate().setType('image');
    generate().setPrompt('Mira');
    generate().setPrompt('Mira on a lighthouse');
    expect(generate().price.status).toBe('pricing');
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS * 2);
    expect(priced()).toHaveLength(1);
    const asked = priced()[0]?.input as { operationId: string; input: { prompt: string; type: string } };
    expect(asked.operationId).toBe(OPERATION_IDS.createGeneration);
    expect(asked.input).toMatchObject({ prompt: 'Mira on a lighthouse', type: 'image' });
    expect(generate().price).toEqual({ status: 'priced', price: quote });
  });

  it('keeps a video duration inside what a newly chosen model makes', () => {
    generate().setCharacter('char-1');
    generate().setType('video');
    generate().setModel('video-model-b');
    generate().setValue('duration', 15);
    generate().setModel('video-model-a');
    expect(generate().values.video.duration).toBe(10);
    expect(generate().models.video).toBe('video-model-a');
  });

  it('sends with the quote shown, then prices the next submission afresh', async () => {
    generate().setCharacter('char-1');
    generate().setType('image');
    generate().setPrompt('Mira at dawn');
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS * 2);
    const job = await generate().submit();
    expect(job?.id).toBe('job-1');
    const sent = calls.find((call) => call.command === 'generations.create');
    expect(sent?.input.quoteId).toBe('q-12');
    expect(generate().lastSubmitted).toEqual({ jobId: 'job-1', batchId: null, count: 1, type: 'image', shownCredits: 12 });
    quote = price(14);
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS * 2);
    expect(priced()).toHaveLength(2);
    expect(generate().price).toEqual({ status: 'priced', price: quote });
  });

  it('prices several images as one quote each, shows their sum, and sends each quote with the count', async () => {
    let n = 0;
    const bridge: Bridge = {
      invoke: (async (command: string, input: Record<string, unknown>) => {
        calls.push({ command, input });
        if (command === 'quotes.price') return { ok: true, value: { ...price(12), quoteId: `q-${(n += 1)}` } };
        if (command === 'generations.create')
          return { ok: true, value: { id: 'job-1', state: 'queued', batchId: 'b-1', updatedAt: new Date().toISOString() } };
        return { ok: false, error: { code: 'not_available', params: { what: 'command' } } };
      }) as Bridge['invoke'],
      on: () => () => undefined,
    };
    setBridgeForTests(bridge);
    generate().setCharacter('char-1');
    generate().setType('image');
    generate().setPrompt('Mira in three moods');
    generate().setCount(3);
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS * 2);
    expect(priced()).toHaveLength(3);
    expect(generate().price).toMatchObject({ status: 'priced', price: { credits: 36, covered: true } });
    await generate().submit();
    const sent = calls.find((call) => call.command === 'generations.create');
    expect(sent?.input).toMatchObject({ count: 3 });
    expect(new Set(sent?.input.quoteIds as string[])).toEqual(new Set(['q-1', 'q-2', 'q-3']));
    expect(generate().lastSubmitted).toMatchObject({ batchId: 'b-1', count: 3, shownCredits: 36 });
    // A video makes at most two; a talk clip one.
    generate().setType('video');
    generate().setCount(4);
    expect(generate().count.video).toBe(2);
  });

  it('holds a price the balance does not cover instead of sending it', async () => {
    quote = price(5_000, { covered: false });
    generate().setCharacter('char-1');
    generate().setType('image');
    generate().setPrompt('Mira at dusk');
    await vi.advanceTimersByTimeAsync(PRICE_DEBOUNCE_MS * 2);
    expect(await generate().submit()).toBeNull();
    expect(calls.some((call) => call.command === 'generations.create')).toBe(false);
    expect(generate().submitting).toBe(false);
  });
});
