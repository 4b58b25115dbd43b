import { lstatSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A media store's file name: the SHA-256 of its bytes, in lower-case hex. */
const CONTENT_ID = /^[0-9a-f]{64}$/;

/** A file in a media store, ready to be served: its path and size (its type is read from its bytes). */
export type StoredFile = { path: string; size: number };

export function isContentId(value: unknown): value is string {
  return typeof value === 'string' && CONTENT_ID.test(value);
}

/** Where the file of `contentId` lives in the media store at `root`: `<root>/<first two hex digits>/<id>`. */
export function storedFilePath(root: string, contentId: string): string {
  if (!isContentId(contentId)) throw new Error('Not a content id.');
  return join(root, contentId.slice(0, 2), contentId);
}

/**
 * The file of `contentId` in the media store at `root`, or null. Accepts a content id only, never a
 * path. Served files must be the store's own: a symlink (of the file or of its shard folder) could
 * lead anywhere on the disk, so neither is followed. Files arrive in a store only complete and
 * verified (renamed into place from `.partial/`), so a file found here has the bytes its name says.
 */
export function storedFile(root: string, contentId: string): StoredFile | null {
  if (!isContentId(contentId)) return null;
  const path = storedFilePath(root, contentId);
  try {
    const stat = lstatSync(path);
    if (!stat.isFile()) return null;
    if (realpathSync(dirname(path)) !== join(realpathSync(root), contentId.slice(0, 2))) return null;
    return { path, size: stat.size };
  } catch {
    return null;
  }
}
