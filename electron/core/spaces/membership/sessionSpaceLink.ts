import type { SpaceLink } from '../spaceLink.ts';

/** The space link a session keeps its shared documents with (`session.spaceLink`), or null where it has none. */
export function sessionSpaceLink(session: object): SpaceLink | null {
  return (session as { spaceLink?: SpaceLink | null }).spaceLink ?? null;
}
