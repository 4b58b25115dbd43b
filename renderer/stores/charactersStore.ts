import { create, type StoreApi } from 'zustand';
import type { AppError, CharacterView, CommandInput, Job } from '../../shared/ipc/index.ts';
import { invoke } from '../bridge/invoke.ts';
import { useJobsStore } from './jobsStore.ts';

type CharactersState = {
  byId: Record<string, CharacterView>;
  /** Ids in the order the library lists them (newest first). */
  order: string[];
  loaded: boolean;
  error: AppError | null;
  load: () => Promise<void>;
  fetchOne: (id: string) => Promise<AppError | null>;
  /** character.updated */
  apply: (character: CharacterView) => void;
  create: (input: CommandInput<'characters.create'>) => Promise<{ job: Job } | { error: AppError }>;
  regenerate: (id: string, customDetails: string, quoteId: string | null) => Promise<{ job: Job } | { error: AppError }>;
  revert: (id: string) => Promise<{ job: Job } | { error: AppError }>;
  remove: (id: string) => Promise<AppError | null>;
  reset: () => void;
};

const initial = { byId: {}, order: [], loaded: false, error: null };

type SetCharacters = StoreApi<CharactersState>['setState'];
type GetCharacters = StoreApi<CharactersState>['getState'];

export const useCharactersStore = create<CharactersState>()((set, get) => ({
  ...initial,
  ...reading(set, get),
  ...portraitJobs(),
  reset: () => set(initial),
}));

/** The characters as core knows them: the list, one read again, one changed. */
function reading(set: SetCharacters, get: GetCharacters) {
  return {
    load: async () => {
      const reply = await invoke('characters.list', {});
      if (!reply.ok) {
        set({ loaded: true, error: reply.error });
        return;
      }
      const byId: Record<string, CharacterView> = {};
      for (const character of reply.value) byId[character.id] = character;
      set({ byId, order: reply.value.map((c) => c.id), loaded: true, error: null });
    },
    fetchOne: async (id) => {
      const reply = await invoke('characters.get', { id });
      if (!reply.ok) return reply.error;
      get().apply(reply.value);
      return null;
    },
    apply: (character) =>
      set((state) => ({
        byId: { ...state.byId, [character.id]: character },
        order: state.order.includes(character.id) ? state.order : [character.id, ...state.order],
      })),
    remove: async (id) => {
      const reply = await invoke('characters.delete', { id });
      if (!reply.ok) return reply.error;
      set((state) => {
        const byId = { ...state.byId };
        delete byId[id];
        return { byId, order: state.order.filter((known) => known !== id) };
      });
      return null;
    },
  } satisfies Partial<CharactersState>;
}

/** Jobs that make or remake a character’s portraits, queued with their labels. */
function portraitJobs() {
  return {
    create: async (input) => {
      const reply = await invoke('characters.create', input);
      if (!reply.ok) return { error: reply.error };
      useJobsStore.getState().apply(reply.value, { characterId: reply.value.resourceId });
      return { job: reply.value };
    },
    regenerate: async (id, customDetails, quoteId) => {
      const reply = await invoke('characters.regenerate', { id, customDetails, quoteId });
      if (!reply.ok) return { error: reply.error };
      useJobsStore.getState().apply(reply.value, { characterId: id });
      return { job: reply.value };
    },
    revert: async (id) => {
      const reply = await invoke('characters.revert', { id });
      if (!reply.ok) return { error: reply.error };
      useJobsStore.getState().apply(reply.value, { characterId: id });
      return { job: reply.value };
    },
  } satisfies Partial<CharactersState>;
}

/** Search by name happens here, on what is loaded: instant, and it works offline. */
export function filterCharacters(byId: Record<string, CharacterView>, order: string[], search: string): CharacterView[] {
  const needle = search.trim().toLocaleLowerCase();
  const all = order.map((id) => byId[id]).filter((c): c is CharacterView => c !== undefined);
  return needle ? all.filter((c) => c.name.toLocaleLowerCase().includes(needle)) : all;
}
