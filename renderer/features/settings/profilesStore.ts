import { create } from 'zustand';
import type { CommandInput, Connection, ConnectionCheck, Profile } from '../../../shared/ipc/index.ts';
import { useConnectionStore } from '../../stores/connectionStore.ts';
import { command, messageOf } from '../gallery/command.ts';


interface ProfilesState {
  profiles: readonly Profile[];
  loaded: boolean;
  error: string | null;
  /** Per profile: the last "test connection" answer, or the sentence of its failure. */
  tests: Readonly<Record<string, ConnectionCheck | { ok: false; message: string; status?: undefined; accountName?: undefined; plan: null; balance: null }>>;
  testing: string | null;
  /** Per profile: the outcome of the last change, in words. */
  notices: Readonly<Record<string, string>>;

  load: () => Promise<void>;
  add: (input: CommandInput<'profiles.add'>) => Promise<boolean>;
  /** Adds a connection and switches to it; answers the sentence of what went wrong, or null. */
  addAndUse: (input: CommandInput<'profiles.add'>) => Promise<string | null>;
  /** Asks a candidate service before anything is stored. */
  check: (input: CommandInput<'profiles.check'>) => Promise<ConnectionCheck | string>;
  setBillingUrl: (id: string, billingUrl: string | null) => Promise<boolean>;
  /** How long the service keeps a request key: a request in doubt is resent only within it. */
  setKeyRetention: (id: string, seconds: number) => Promise<boolean>;
  /** connection.changed: the active profile's card shows what core knows now (its key checked, its state). */
  applyConnection: (connection: Connection) => void;
  activate: (id: string) => Promise<void>;
  setKey: (id: string, apiKey: string) => Promise<boolean>;
  removeKey: (id: string) => Promise<void>;
  remove: (id: string) => Promise<void>;
  test: (id: string) => Promise<void>;
  reset: () => void;
}

const initial = { profiles: [], loaded: false, error: null, tests: {}, testing: null, notices: {} };

/** The connections: the embedded sandbox and any remote services, with their keys' state. */
export const useProfilesStore = create<ProfilesState>()((set, get) => {
  const note = (id: string, text: string) => set({ notices: { ...get().notices, [id]: text } });
  const replace = (profile: Profile) => set({ profiles: get().profiles.map((each) => (each.id === profile.id ? profile : each)) });

  return {
    ...initial,

    load: async () => {
      try {
        set({ profiles: await command('profiles.list', {}), loaded: true, error: null });
      } catch (error) {
        set({ loaded: true, error: messageOf(error) });
      }
    },

    add: async (input) => {
      try {
        const profile = await command('profiles.add', input);
        set({ profiles: [...get().profiles, profile], error: null });
        note(profile.id, input.apiKey ? 'Added; the key is stored in the system keychain.' : 'Added. Enter its API key to use it.');
        return true;
      } catch (error) {
        set({ error: messageOf(error) });
        return false;
      }
    },

    addAndUse: async (input) => {
      try {
        const profile = await command('profiles.add', input);
        set({ profiles: [...get().profiles, profile], error: null });
        const connection = await command('profiles.activate', { id: profile.id });
        useConnectionStore.getState().apply(connection);
        await get().load();
        note(profile.id, 'Added and now in use.');
        return null;
      } catch (error) {
        return messageOf(error);
      }
    },

    check: async (input) => {
      try {
        return await command('profiles.check', input);
      } catch (error) {
        return messageOf(error);
      }
    },

    setBillingUrl: async (id, billingUrl) => {
      try {
        replace(await command('profiles.setBillingUrl', { id, billingUrl }));
        note(id, billingUrl ? 'Billing page saved.' : 'Billing page removed.');
        return true;
      } catch (error) {
        note(id, messageOf(error));
        return false;
      }
    },

    setKeyRetention: async (id, seconds) => {
      try {
        replace(await command('profiles.setKeyRetention', { id, seconds }));
        note(id, 'Request key retention saved.');
        return true;
      } catch (error) {
        note(id, messageOf(error));
        return false;
      }
    },

    applyConnection: (connection) => {
      const active = connection.profile;
      if (!active || !get().loaded) return;
      const known = get().profiles.some((each) => each.id === active.id);
      if (!known) return;
      set({ profiles: get().profiles.map((each) => (each.id === active.id ? active : { ...each, active: false })) });
    },

    activate: async (id) => {
      try {
        const connection = await command('profiles.activate', { id });
        useConnectionStore.getState().apply(connection);
        await get().load();
        note(id, 'Now in use.');
      } catch (error) {
        note(id, messageOf(error));
      }
    },

    setKey: async (id, apiKey) => {
      try {
        replace(await command('profiles.setKey', { id, apiKey }));
        note(id, 'Key saved in the system keychain.');
        return true;
      } catch (error) {
        note(id, messageOf(error));
        return false;
      }
    },

    removeKey: async (id) => {
      try {
        replace(await command('profiles.removeKey', { id }));
        note(id, 'Key removed from the keychain.');
      } catch (error) {
        note(id, messageOf(error));
      }
    },

    remove: async (id) => {
      try {
        await command('profiles.remove', { id });
        set({ profiles: get().profiles.filter((each) => each.id !== id) });
      } catch (error) {
        note(id, messageOf(error));
      }
    },

    test: async (id) => {
      set({ testing: id });
      try {
        const result = await command('profiles.test', { id });
        set({ tests: { ...get().tests, [id]: result }, testing: null });
        // The key's state follows the check (core stored it): read the list again.
        await get().load();
      } catch (error) {
        set({ tests: { ...get().tests, [id]: { ok: false, message: messageOf(error), plan: null, balance: null } }, testing: null });
      }
    },

    reset: () => set(initial),
  };
});
