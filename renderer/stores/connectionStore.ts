import { create } from 'zustand';
import type { AppError, CommandInput, Connection, Profile } from '../../shared/ipc/index.ts';
import { invoke } from '../bridge/invoke.ts';
import { currentFormats } from '../i18n/currentLocale.ts';

type ConnectionState = {
  connection: Connection | null;
  loaded: boolean;
  error: AppError | null;
  load: () => Promise<void>;
  /** connection.changed */
  apply: (connection: Connection) => void;
  completeOnboarding: () => Promise<AppError | null>;
  /** Adds a remote service, makes it the active one and finishes onboarding. */
  connectService: (input: CommandInput<'profiles.add'>) => Promise<AppError | null>;
  reset: () => void;
};

const initial = { connection: null, loaded: false, error: null };

export const useConnectionStore = create<ConnectionState>()((set) => ({
  ...initial,
  load: async () => {
    const reply = await invoke('connection.get', {});
    if (reply.ok) set({ connection: reply.value, loaded: true, error: null });
    else set({ loaded: true, error: reply.error });
  },
  apply: (connection) => set({ connection, loaded: true }),
  completeOnboarding: async () => {
    const reply = await invoke('connection.completeOnboarding', {});
    if (!reply.ok) return reply.error;
    set({ connection: reply.value });
    return null;
  },
  connectService: async (input) => {
    const added = await invoke('profiles.add', input);
    if (!added.ok) return added.error;
    const activated = await invoke('profiles.activate', { id: added.value.id });
    if (!activated.ok) return activated.error;
    const done = await invoke('connection.completeOnboarding', {});
    set({ connection: done.ok ? done.value : activated.value });
    return done.ok ? null : done.error;
  },
  reset: () => set(initial),
}));

/** What the header calls the active connection. */
export function connectionLabel(profile: Profile | null | undefined): string {
  if (!profile) return currentFormats().text('connection.none');
  return profile.kind === 'sandbox' ? currentFormats().text('connection.sandbox') : profile.name;
}
