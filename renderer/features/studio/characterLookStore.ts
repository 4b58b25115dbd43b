import { create } from 'zustand';
import type { CharacterView } from '../../../shared/ipc/index.ts';
import { registerStoreReset } from '../../stores/resetStores.ts';

type CharacterLookState = {
  /** The version whose look the character page shows, when it is not the current one. */
  shown: { characterId: string; version: number } | null;
  show: (characterId: string, version: number) => void;
  showCurrent: () => void;
  reset: () => void;
};

/** Which version of a character's look its page shows: the current one unless a version was picked in the strip. */
export const useCharacterLookStore = create<CharacterLookState>()((set) => ({
  shown: null,
  show: (characterId, version) => set({ shown: { characterId, version } }),
  showCurrent: () => set({ shown: null }),
  reset: () => set({ shown: null }),
}));

registerStoreReset(() => useCharacterLookStore.getState().reset());

export type CharacterLook = { version: number; headshotMediaId: string | null; fullbodyMediaId: string | null; current: boolean };

/** The look a character's page shows: the picked version's portraits, else the current ones. */
export function lookOf(character: CharacterView, shown: CharacterLookState['shown']): CharacterLook {
  const picked =
    shown && shown.characterId === character.id && shown.version !== character.version
      ? character.versions.find((version) => version.version === shown.version)
      : undefined;
  if (picked)
    return { version: picked.version, headshotMediaId: picked.headshotMediaId, fullbodyMediaId: picked.fullbodyMediaId, current: false };
  return {
    version: character.version,
    headshotMediaId: character.headshotMediaId,
    fullbodyMediaId: character.fullbodyMediaId,
    current: true,
  };
}
