import { create } from 'zustand';
import type { AppError, Settings } from '../../shared/ipc/index.ts';
import { invoke } from '../bridge/invoke.ts';

type SettingsState = {
  settings: Settings | null;
  error: AppError | null;
  load: () => Promise<void>;
  /** Saves a change; the theme applies at once through the app frame's subscription. */
  update: (change: Partial<Settings>) => Promise<AppError | null>;
  reset: () => void;
};

const initial = { settings: null, error: null };

/** App preferences. Shared with the Settings screen so that the theme and the frame agree. */
export const useSettingsStore = create<SettingsState>()((set, get) => ({
  ...initial,
  load: async () => {
    const reply = await invoke('settings.get', {});
    if (reply.ok) set({ settings: reply.value, error: null });
    else set({ error: reply.error });
  },
  // A choice shows at once; core's answer confirms it, or the choice is taken back if it failed.
  update: async (change) => {
    const before = get().settings;
    const shown = before ? { ...before, ...change } : null;
    if (shown) set({ settings: shown });
    const reply = await invoke('settings.set', change);
    if (!reply.ok) {
      if (get().settings === shown) set({ settings: before });
      return reply.error;
    }
    set({ settings: reply.value, error: null });
    return null;
  },
  reset: () => set(initial),
}));
