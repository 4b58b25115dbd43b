import { randomUUID } from 'node:crypto';
import { systemClock } from '../clock/clock.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import { LineClaims } from '../spaces/lineClaims.ts';
import type { LineNeed } from './lineNeeds.ts';
import type { SceneParts } from './sceneServices.ts';

const MACHINE_ID = 'space.machineId';

/** The member rendering each line on another machine now (by content key), for the scene's view. */
export function claimHolders(parts: SceneParts, sceneId: string): (key: string) => string | null {
  const room = parts.services.spaceLink.claimRoom(sceneId) ?? null;
  if (!room) return () => null;
  const claims = new LineClaims({
    machineId: () => machineIdOf(parts.services.library),
    clock: systemClock,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    historyShows: () => Promise.resolve(true),
  });
  return (key) => claims.holder(room, key);
}

/** The needs with the lines another machine renders now costing nothing here (its result comes to this one). */
export function withoutHeld(parts: SceneParts, sceneId: string, needs: readonly LineNeed[]): LineNeed[] {
  const holderOf = claimHolders(parts, sceneId);
  return needs.map((need) => (need.steps !== 'none' && holderOf(need.plan.key) ? { ...need, steps: 'none' } : need));
}

/** This library's machine in every space: made once, kept in the library. */
export function machineIdOf(library: LibraryDatabase): string {
  const known = library.meta(MACHINE_ID);
  if (known) return known;
  const made = randomUUID();
  library.setMeta(MACHINE_ID, made);
  return made;
}
