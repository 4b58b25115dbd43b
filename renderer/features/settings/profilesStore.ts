import { create } from 'zustand';
import type { CommandInput, CommandOutput, Profile } from '../../../shared/ipc/index.ts';
import { useConnectionStore } from '../../stores/connectionStore.ts';
import { command, messageOf } from '../gallery/command.ts';

type TestResult = CommandOutput<'profiles.test'>;

interface ProfilesState {
  profiles: readonly Profile[];
  loaded: boolean;
  error: string | null;
  /** Per profile: the last "test connection" answer, or the sentence of its failure. */
  tests: Readonly<Record<string, TestResult | { ok: false; message: string; plan: null; balance: null }>>;
  testing: string | null;
  /** Per profile: the outcome of the last change, in words. */
  notices: Readonly<Record<string, string>>;

  load: () => Promise<void>;
  add: (input: CommandInput<'profiles.add'>) => Promise<boolean>;
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
      } catch (error) {
        set({ tests: { ...get().tests, [id]: { ok: false, message: messageOf(error), plan: null, balance: null } }, testing: null });
      }
    },

    reset: () => set(initial),
  };
});
