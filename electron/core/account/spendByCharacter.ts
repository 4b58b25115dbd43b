import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import { UsageStore, type CharacterSpendRow } from './usageStore.ts';

export type { CharacterSpendRow } from './usageStore.ts';

/** Credits spent per character since `sinceIso` (see UsageStore.spendByCharacter). */
export function spendByCharacter(library: LibraryDatabase, sinceIso: string): CharacterSpendRow[] {
  return new UsageStore(library).spendByCharacter(sinceIso);
}
