import { create } from 'zustand';
import type { CommandInput, Connection, ConnectionCheck, Profile } from '../../../shared/ipc/index.ts';
import { useConnectionStore } from '../../stores/connectionStore.ts';
import { invoke } from '../../bridge/invoke.ts';
import { describeError } from '../../errors/errorMessages.ts';

interface ProfilesState {
  profiles: readonly Profile[];
  loaded: boolean;
  error: string | null;
  /** Per profile: the last "test connection" answer, or the sentence of its failure. */
  tests: Readonly<
    Record<string, ConnectionCheck | { ok: false; message: string; status?: undefined; accountName?: undefined; plan: null; balance: null }>
  >;
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
      const reply = await invoke('profiles.list', {});
      if (reply.ok) set({ profiles: reply.value, loaded: true, error: null });
      else set({ loaded: true, error: describeError(reply.error) });
    },

    add: async (input) => {
      const reply = await invoke('profiles.add', input);
      if (!reply.ok) {
        set({ error: describeError(reply.error) });
        return false;
      }
      const profile = reply.value;
      set({ profiles: [...get().profiles, profile], error: null });
      note(profile.id, input.apiKey ? 'Added; the key is stored in the system keychain.' : 'Added. Enter its API key to use it.');
      return true;
    },

    addAndUse: async (input) => {
      const added = await invoke('profiles.add', input);
      if (!added.ok) return describeError(added.error);
      const profile = added.value;
      set({ profiles: [...get().profiles, profile], error: null });
      const activated = await invoke('profiles.activate', { id: profile.id });
      if (!activated.ok) return describeError(activated.error);
      useConnectionStore.getState().apply(activated.value);
      await get().load();
      note(profile.id, 'Added and now in use.');
      return null;
    },

    check: async (input) => {
      const reply = await invoke('profiles.check', input);
      return reply.ok ? reply.value : describeError(reply.error);
    },

    setBillingUrl: async (id, billingUrl) => {
      const reply = await invoke('profiles.setBillingUrl', { id, billingUrl });
      if (!reply.ok) {
        note(id, describeError(reply.error));
        return false;
      }
      replace(reply.value);
      note(id, billingUrl ? 'Billing page saved.' : 'Billing page removed.');
      return true;
    },

    setKeyRetention: async (id, seconds) => {
      const reply = await invoke('profiles.setKeyRetention', { id, seconds });
      if (!reply.ok) {
        note(id, describeError(reply.error));
        return false;
      }
      replace(reply.value);
      note(id, 'Request key retention saved.');
      return true;
    },

    applyConnection: (connection) => {
      const active = connection.profile;
      if (!active || !get().loaded) return;
      const known = get().profiles.some((each) => each.id === active.id);
      if (!known) return;
      set({ profiles: get().profiles.map((each) => (each.id === active.id ? active : { ...each, active: false })) });
    },

    activate: async (id) => {
      const reply = await invoke('profiles.activate', { id });
      if (!reply.ok) return note(id, describeError(reply.error));
      useConnectionStore.getState().apply(reply.value);
      await get().load();
      note(id, 'Now in use.');
    },

    setKey: async (id, apiKey) => {
      const reply = await invoke('profiles.setKey', { id, apiKey });
      if (!reply.ok) {
        note(id, describeError(reply.error));
        return false;
      }
      replace(reply.value);
      note(id, 'Key saved in the system keychain.');
      return true;
    },

    removeKey: async (id) => {
      const reply = await invoke('profiles.removeKey', { id });
      if (!reply.ok) return note(id, describeError(reply.error));
      replace(reply.value);
      note(id, 'Key removed from the keychain.');
    },

    remove: async (id) => {
      const reply = await invoke('profiles.remove', { id });
      if (reply.ok) set({ profiles: get().profiles.filter((each) => each.id !== id) });
      else note(id, describeError(reply.error));
    },

    test: async (id) => {
      set({ testing: id });
      const reply = await invoke('profiles.test', { id });
      if (!reply.ok) {
        set({
          tests: { ...get().tests, [id]: { ok: false, message: describeError(reply.error), plan: null, balance: null } },
          testing: null,
        });
        return;
      }
      set({ tests: { ...get().tests, [id]: reply.value }, testing: null });
      // The key's state follows the check (core stored it): read the list again.
      await get().load();
    },

    reset: () => set(initial),
  };
});
