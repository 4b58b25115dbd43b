import type { AppError, CommandInput, Price } from '../../shared/ipc/index.ts';
import { invoke } from '../bridge/invoke.ts';

/** Where a price is on its way from a quote; `idle` means there is nothing valid to price yet. */
export type PriceState =
  { status: 'idle' } | { status: 'pricing' } | { status: 'priced'; price: Price } | { status: 'error'; error: AppError };

export type PriceQuery = CommandInput<'quotes.price'>;

/** Quotes are asked for this long after the last change: never one quote per keystroke. */
export const PRICE_DEBOUNCE_MS = 400;

/**
 * Prices what a form would submit. Each change restarts a short timer; an unchanged input is not
 * priced again; an answer to an older input is dropped, so a slow quote never overwrites a newer one.
 */
export class QuotePricer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sequence = 0;
  private lastKey: string | null = null;
  private lastQuery: PriceQuery | null = null;
  private current: PriceState = { status: 'idle' };
  private readonly onChange: (state: PriceState) => void;
  private readonly delayMs: number;

  constructor(onChange: (state: PriceState) => void, delayMs = PRICE_DEBOUNCE_MS) {
    this.onChange = (state) => {
      this.current = state;
      onChange(state);
    };
    this.delayMs = delayMs;
  }

  /** The input to price, or null when the form cannot be submitted as it is. */
  request(query: PriceQuery | null): void {
    const key = query ? JSON.stringify(query) : null;
    if (key === this.lastKey) return;
    this.lastKey = key;
    this.lastQuery = query;
    const sequence = ++this.sequence;
    this.clearTimer();
    if (!query) {
      this.onChange({ status: 'idle' });
      return;
    }
    this.onChange({ status: 'pricing' });
    this.timer = setTimeout(() => void this.ask(query, sequence), this.delayMs);
  }

  /** Prices the current input at once (an expired quote at submission time); resolves with the state. */
  async refreshNow(): Promise<PriceState> {
    const query = this.lastQuery;
    const sequence = ++this.sequence;
    this.clearTimer();
    if (!query) {
      this.onChange({ status: 'idle' });
      return { status: 'idle' };
    }
    this.onChange({ status: 'pricing' });
    return this.ask(query, sequence);
  }

  /**
   * Reads the priced quote again (its approval may have moved, the balance may have grown) without
   * making a new one. A change of input meanwhile wins; a failed read keeps the price as it was.
   */
  async reread(): Promise<void> {
    if (this.current.status !== 'priced') return;
    const sequence = this.sequence;
    const reply = await invoke('quotes.get', { id: this.current.price.quoteId });
    if (reply.ok && sequence === this.sequence) this.onChange({ status: 'priced', price: reply.value });
  }

  /** Forgets the last input, so the same input is priced again next time (a quote is used once). */
  invalidate(): void {
    this.lastKey = null;
  }

  cancel(): void {
    this.sequence += 1;
    this.current = { status: 'idle' };
    this.clearTimer();
    this.lastKey = null;
    this.lastQuery = null;
  }

  private async ask(query: PriceQuery, sequence: number): Promise<PriceState> {
    this.timer = null;
    const reply = await invoke('quotes.price', query);
    const state: PriceState = reply.ok ? { status: 'priced', price: reply.value } : { status: 'error', error: reply.error };
    if (sequence === this.sequence) this.onChange(state);
    return state;
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** Whether a priced quote is still good for a submission a moment from now. */
export function isFresh(state: PriceState, now = Date.now()): state is { status: 'priced'; price: Price } {
  return state.status === 'priced' && Date.parse(state.price.expiresAt) - now > 5_000;
}
