import { create, type StoreApi } from 'zustand';
import { LIMITS } from '../../../shared/api/limits.ts';
import { OPERATION_IDS } from '../../../shared/api/operations.ts';
import type { AppError, Job } from '../../../shared/ipc/index.ts';
import { useCharactersStore } from '../../stores/charactersStore.ts';
import { isFresh, QuotePricer, type PriceState } from '../../stores/quotePricer.ts';
import { registerStoreReset } from '../../stores/resetStores.ts';

type RegenerateState = {
  characterId: string | null;
  /** spec 4.1: an optional bounded edit instruction; empty means a full regeneration. */
  customDetails: string;
  price: PriceState;
  submitting: boolean;
  error: AppError | null;
  open: (characterId: string) => void;
  setCustomDetails: (text: string) => void;
  submit: () => Promise<Job | null>;
  reset: () => void;
};

const initial = { characterId: null, customDetails: '', price: { status: 'idle' } as PriceState, submitting: false, error: null };

type SetRegenerate = StoreApi<RegenerateState>['setState'];
type GetRegenerate = StoreApi<RegenerateState>['getState'];

export const useRegenerateStore = create<RegenerateState>()((set, get) => {
  const pricer = new QuotePricer((price) => set({ price }));
  const reprice = () => {
    const { characterId, customDetails } = get();
    if (!characterId || customDetails.length > LIMITS.customDetails) {
      pricer.request(null);
      return;
    }
    pricer.request({
      operationId: OPERATION_IDS.regenerateCharacter,
      input: { custom_details: customDetails.trim() },
      target: { character_id: characterId },
    });
  };
  return {
    ...initial,
    open: (characterId) => {
      pricer.cancel();
      set({ ...initial, characterId });
      reprice();
    },
    setCustomDetails: (customDetails) => {
      set({ customDetails, error: null });
      reprice();
    },
    ...submission(set, get, pricer, reprice),
    reset: () => {
      pricer.cancel();
      set(initial);
    },
  };
});

/** Sending the regeneration once its price is fresh and covered; the dialog clears on success. */
function submission(set: SetRegenerate, get: GetRegenerate, pricer: QuotePricer, reprice: () => void) {
  return {
    submit: async () => {
      const { characterId, customDetails, submitting } = get();
      if (!characterId || submitting || customDetails.length > LIMITS.customDetails) return null;
      set({ submitting: true, error: null });
      let price = get().price;
      if (!isFresh(price)) price = await pricer.refreshNow();
      if (price.status === 'priced' && !price.price.covered) {
        set({ submitting: false });
        return null;
      }
      const result = await useCharactersStore
        .getState()
        .regenerate(characterId, customDetails.trim(), price.status === 'priced' ? price.price.quoteId : null);
      if ('error' in result) {
        pricer.invalidate();
        set({ submitting: false, error: result.error });
        reprice();
        return null;
      }
      pricer.cancel();
      set({ ...initial });
      return result.job;
    },
  } satisfies Partial<RegenerateState>;
}

registerStoreReset(() => useRegenerateStore.getState().reset());
