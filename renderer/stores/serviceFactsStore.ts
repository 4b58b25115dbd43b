import { create } from 'zustand';
import type { ServiceFacts } from '../../shared/ipc/index.ts';
import { invoke } from '../bridge/invoke.ts';
import { registerStoreReset } from './resetStores.ts';

type ServiceFactsState = {
  /** What the connection in use supports and what was noticed of it; null until read or without one. */
  facts: ServiceFacts | null;
  load: () => Promise<void>;
  /** `service.learned`: core learned something (its catalog, that it takes no uploads, …). */
  apply: (facts: ServiceFacts) => void;
  reset: () => void;
};

/** The connected service's facts (Settings → Connections, and the upload fields' note). */
export const useServiceFactsStore = create<ServiceFactsState>()((set) => ({
  facts: null,
  load: async () => {
    const reply = await invoke('service.describe', {});
    if (reply.ok) set({ facts: reply.value });
  },
  apply: (facts) => set({ facts }),
  reset: () => set({ facts: null }),
}));

registerStoreReset(() => useServiceFactsStore.getState().reset());

/** The service is known to take no uploads: only URLs on its own CDN can be referenced. */
export function uploadsNotOffered(facts: ServiceFacts | null): boolean {
  return facts?.uploads === 'not_offered';
}
