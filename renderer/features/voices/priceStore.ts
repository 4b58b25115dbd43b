import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { PriceState } from '../../ui/PriceButton.tsx';
import { invoke } from '../../bridge/invoke.ts';

const PRICE_DEBOUNCE_MS = 400;

export interface PriceStoreState {
  price: PriceState;
  /** Asks for a price after a pause in typing; `null` input means the form is not valid yet. */
  request: (operationId: string, input: Record<string, unknown> | null) => void;
  reset: () => void;
}

/**
 * One price per form (spec 4.3 quotes): the price of what the form would submit, refreshed a
 * moment after the last change, never once per keystroke; an answer for older input is dropped.
 */
export function createPriceStore(): UseBoundStore<StoreApi<PriceStoreState>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest = 0;
  return create<PriceStoreState>()((set) => ({
    price: { status: 'idle' },
    request: (operationId, input) => {
      clearTimeout(timer);
      const ticket = ++latest;
      if (!input) {
        set({ price: { status: 'idle' } });
        return;
      }
      set({ price: { status: 'pricing' } });
      timer = setTimeout(() => {
        void invoke('quotes.price', { operationId, input }).then((reply) => {
          if (ticket !== latest) return;
          set({ price: reply.ok ? { status: 'priced', price: reply.value } : { status: 'error', error: reply.error } });
        });
      }, PRICE_DEBOUNCE_MS);
    },
    reset: () => {
      clearTimeout(timer);
      latest += 1;
      set({ price: { status: 'idle' } });
    },
  }));
}
