import { create } from 'zustand';
import type { Capabilities, GenerationType, ModelInfo } from '../../shared/api/index.ts';
import type { AppError } from '../../shared/ipc/index.ts';
import { invoke } from '../bridge/invoke.ts';

type CapabilitiesState = {
  capabilities: Capabilities | null;
  error: AppError | null;
  loading: boolean;
  load: () => Promise<void>;
  reset: () => void;
};

const initial = { capabilities: null, error: null, loading: false };

/** The service's capability catalog: models, their modes and limits, operation ids. */
export const useCapabilitiesStore = create<CapabilitiesState>()((set, get) => ({
  ...initial,
  load: async () => {
    if (get().loading) return;
    set({ loading: true });
    const reply = await invoke('capabilities.get', {});
    if (reply.ok) set({ capabilities: reply.value, error: null, loading: false });
    else set({ error: reply.error, loading: false });
  },
  reset: () => set(initial),
}));

export function modelsOfType(capabilities: Capabilities | null, type: GenerationType): ModelInfo[] {
  return capabilities?.models.filter((model) => model.type === type) ?? [];
}
