import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import { UsageStore, type SpendRow } from './usageStore.ts';

export type { SpendRow } from './usageStore.ts';

/** Credits spent per day and per kind of work since `sinceIso` (see UsageStore.spendByDay). */
export function spendByDay(library: LibraryDatabase, sinceIso: string): SpendRow[] {
  return new UsageStore(library).spendByDay(sinceIso);
}
