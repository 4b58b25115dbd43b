import { create, type StoreApi } from 'zustand';
import type { AppError, CommandInput, Connection, ConnectionCheck, Profile, Reply } from '../../../shared/ipc/index.ts';
import { useConnectionStore } from '../../stores/connectionStore.ts';
import { invoke } from '../../bridge/invoke.ts';
import type { MessageId } from '../../i18n/catalogs.ts';

/** What a connection's card says after a change: a message of the studio's, or the failure (worded where shown). */
export type ProfileNotice = { message: MessageId } | { error: AppError };

interface ProfilesState {
  profiles: readonly Profile[];
  loaded: boolean;
  /** Kept as it came and worded where it is shown. */
  error: AppError | null;
  /** Per profile: the last "test connection" answer, or the error it failed with (worded where it is shown). */
  tests: Readonly<
    Record<string, ConnectionCheck | { ok: false; error: AppError; status?: undefined; accountName?: undefined; plan: null; balance: null }>
  >;
  testing: string | null;
  /** Per profile: the outcome of the last change. */
  notices: Readonly<Record<string, ProfileNotice>>;

  load: () => Promise<void>;
  add: (input: CommandInput<'profiles.add'>) => Promise<boolean>;
  /** Adds a connection and switches to it; answers what went wrong, or null. */
  addAndUse: (input: CommandInput<'profiles.add'>) => Promise<AppError | null>;
  /** Asks a candidate service before anything is stored. */
  check: (input: CommandInput<'profiles.check'>) => Promise<ConnectionCheck | AppError>;
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

type SetProfiles = StoreApi<ProfilesState>['setState'];
type GetProfiles = StoreApi<ProfilesState>['getState'];

/** The connections: the embedded sandbox and any remote services, with their keys' state. */
export const useProfilesStore = create<ProfilesState>()((set, get) => {
  const said = notes(set, get);
  return {
    ...initial,
    ...adding(set, get, said),
    ...editing(set, get, said),
    ...checking(set, get),
    reset: () => set(initial),
  };
});

type Notes = ReturnType<typeof notes>;

/** A note under a profile's card, and a profile's new record in the list. */
function notes(set: SetProfiles, get: GetProfiles) {
  const note = (id: string, error: AppError) => set({ notices: { ...get().notices, [id]: { error } } });
  const say = (id: string, message: MessageId) => set({ notices: { ...get().notices, [id]: { message } } });
  const replace = (profile: Profile) => set({ profiles: get().profiles.map((each) => (each.id === profile.id ? profile : each)) });
  /** A profile changed by core: its new record and `done` on success, the failure otherwise. */
  const updated = (id: string, reply: Reply<Profile>, done: MessageId): boolean => {
    if (!reply.ok) {
      note(id, reply.error);
      return false;
    }
    replace(reply.value);
    say(id, done);
    return true;
  };
  return { note, say, replace, updated };
}

/** The list of connections, and adding one (checked first, and switched to at once when asked). */
function adding(set: SetProfiles, get: GetProfiles, { say }: Notes) {
  return {
    load: async () => {
      const reply = await invoke('profiles.list', {});
      if (reply.ok) set({ profiles: reply.value, loaded: true, error: null });
      else set({ loaded: true, error: reply.error });
    },

    add: async (input) => {
      const reply = await invoke('profiles.add', input);
      if (!reply.ok) {
        set({ error: reply.error });
        return false;
      }
      const profile = reply.value;
      set({ profiles: [...get().profiles, profile], error: null });
      say(profile.id, input.apiKey ? 'settings.profile.notice.addedWithKey' : 'settings.profile.notice.addedNoKey');
      return true;
    },

    addAndUse: async (input) => {
      const added = await invoke('profiles.add', input);
      if (!added.ok) return added.error;
      const profile = added.value;
      set({ profiles: [...get().profiles, profile], error: null });
      const activated = await invoke('profiles.activate', { id: profile.id });
      if (!activated.ok) return activated.error;
      useConnectionStore.getState().apply(activated.value);
      await get().load();
      say(profile.id, 'settings.profile.notice.addedInUse');
      return null;
    },

    check: async (input) => {
      const reply = await invoke('profiles.check', input);
      return reply.ok ? reply.value : reply.error;
    },
  } satisfies Partial<ProfilesState>;
}

/** Changes to one connection: its billing page, key retention and key; using it; removing it. */
function editing(set: SetProfiles, get: GetProfiles, { note, say, replace, updated }: Notes) {
  return {
    setBillingUrl: async (id, billingUrl) =>
      updated(
        id,
        await invoke('profiles.setBillingUrl', { id, billingUrl }),
        billingUrl ? 'settings.profile.notice.billingSaved' : 'settings.profile.notice.billingRemoved',
      ),

    setKeyRetention: async (id, seconds) =>
      updated(id, await invoke('profiles.setKeyRetention', { id, seconds }), 'settings.profile.notice.retentionSaved'),

    activate: async (id) => {
      const reply = await invoke('profiles.activate', { id });
      if (!reply.ok) return note(id, reply.error);
      useConnectionStore.getState().apply(reply.value);
      await get().load();
      say(id, 'settings.profile.notice.inUse');
    },

    setKey: async (id, apiKey) => updated(id, await invoke('profiles.setKey', { id, apiKey }), 'settings.profile.notice.keySaved'),

    removeKey: async (id) => {
      const reply = await invoke('profiles.removeKey', { id });
      if (!reply.ok) return note(id, reply.error);
      replace(reply.value);
      say(id, 'settings.profile.notice.keyRemoved');
    },

    remove: async (id) => {
      const reply = await invoke('profiles.remove', { id });
      if (reply.ok) set({ profiles: get().profiles.filter((each) => each.id !== id) });
      else note(id, reply.error);
    },
  } satisfies Partial<ProfilesState>;
}

/** Testing a connection, and the connection in use as core reports it. */
function checking(set: SetProfiles, get: GetProfiles) {
  return {
    applyConnection: (connection) => {
      const active = connection.profile;
      if (!active || !get().loaded) return;
      const known = get().profiles.some((each) => each.id === active.id);
      if (!known) return;
      set({ profiles: get().profiles.map((each) => (each.id === active.id ? active : { ...each, active: false })) });
    },

    test: async (id) => {
      set({ testing: id });
      const reply = await invoke('profiles.test', { id });
      if (!reply.ok) {
        set({
          tests: { ...get().tests, [id]: { ok: false, error: reply.error, plan: null, balance: null } },
          testing: null,
        });
        return;
      }
      set({ tests: { ...get().tests, [id]: reply.value }, testing: null });
      // The key's state follows the check (core stored it): read the list again.
      await get().load();
    },
  } satisfies Partial<ProfilesState>;
}
