/**
 * The names of a space's shared documents. A name carries its space's id, so the sync server can
 * tell from the name alone which space a document belongs to and refuse it to members of any other.
 *
 * - `space/<spaceId>`: the space's own document (collections, favourites, cast voices, saved views,
 *   the list of scenes);
 * - `space/<spaceId>/scene/<sceneId>`: one document per scene.
 */

/** Ids the server makes and the app makes: letters, digits, `-` and `_`, 1 to 64 of them. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

export type DocumentName = { kind: 'space'; spaceId: string } | { kind: 'scene'; spaceId: string; sceneId: string };

export function isSyncId(id: string): boolean {
  return ID.test(id);
}

function checkedId(what: string, id: string): string {
  if (!isSyncId(id)) throw new Error(`The ${what} id "${id}" is not 1 to 64 letters, digits, "-" or "_".`);
  return id;
}

export function spaceDocumentName(spaceId: string): string {
  return `space/${checkedId('space', spaceId)}`;
}

export function sceneDocumentName(spaceId: string, sceneId: string): string {
  return `space/${checkedId('space', spaceId)}/scene/${checkedId('scene', sceneId)}`;
}

/** The space (and scene) a document name names, or null when it is not one of ours. */
export function parseDocumentName(name: string): DocumentName | null {
  const parts = name.split('/');
  const [first, spaceId, third, sceneId] = parts;
  if (first !== 'space' || spaceId === undefined || !isSyncId(spaceId)) return null;
  if (parts.length === 2) return { kind: 'space', spaceId };
  if (parts.length === 4 && third === 'scene' && sceneId !== undefined && isSyncId(sceneId)) return { kind: 'scene', spaceId, sceneId };
  return null;
}
