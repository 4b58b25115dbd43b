import { create } from 'zustand';
import type { AppError, SpaceStatus } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge/invoke.ts';
import { registerStoreReset } from '../../stores/resetStores.ts';

interface SyncState {
  /** The space the connection in use is in and how it syncs; `spaces.changed` follows it. */
  status: SpaceStatus | null;
  busy: 'join' | 'leave' | null;
  error: AppError | null;
  load: () => Promise<void>;
  /** Joins with a code; true once joined. */
  join: (serverUrl: string, joinCode: string) => Promise<boolean>;
  /** Leaves the space; true once left. */
  leave: () => Promise<boolean>;
  apply: (status: SpaceStatus) => void;
  clearError: () => void;
  reset: () => void;
}

const initial = { status: null, busy: null, error: null };

/** Settings → Sync: joining a space with a code, how it syncs, leaving it. */
export const useSyncStore = create<SyncState>()((set) => ({
  ...initial,
  load: async () => {
    const reply = await invoke('spaces.status', {});
    if (reply.ok) set({ status: reply.value });
    else set({ error: reply.error });
  },
  join: async (serverUrl, joinCode) => {
    set({ busy: 'join', error: null });
    const reply = await invoke('spaces.join', { serverUrl, joinCode });
    set(reply.ok ? { busy: null, status: reply.value } : { busy: null, error: reply.error });
    return reply.ok;
  },
  leave: async () => {
    set({ busy: 'leave', error: null });
    const reply = await invoke('spaces.leave', {});
    set(reply.ok ? { busy: null, status: reply.value } : { busy: null, error: reply.error });
    return reply.ok;
  },
  apply: (status) => set({ status }),
  clearError: () => set({ error: null }),
  reset: () => set(initial),
}));

registerStoreReset(() => useSyncStore.getState().reset());
