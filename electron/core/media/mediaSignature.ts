import { open, readFile } from 'node:fs/promises';
// The signature table is shared with the renderer, which checks dropped files by it before upload.
import { SIGNATURE_BYTES, SIGNATURE_TYPES, signatureTypeOf } from '../../../shared/api/fileSignature.ts';

/**
 * The types library media may be served as, each recognised by its file signature (its first
 * bytes), never by a name, an extension or what the service said. Anything else is served as
 * `application/octet-stream`, so no stored file can become a page, a script or a stylesheet in the
 * app's origin, whatever it holds (both shells add `nosniff` and `Content-Security-Policy: sandbox`).
 */
export const OCTET_STREAM = 'application/octet-stream';

/** How many leading bytes `mediaTypeOf` needs. */
export { SIGNATURE_BYTES };

/** Every type `mediaTypeOf` can answer besides `application/octet-stream`. */
export const SERVED_MEDIA_TYPES: readonly string[] = SIGNATURE_TYPES;

/** The served type of a file that starts with `head`: an allow-listed media type or octet-stream. */
export function mediaTypeOf(head: Uint8Array): string {
  return signatureTypeOf(head) ?? OCTET_STREAM;
}

/** Reads the first bytes of `path` and answers its served type (octet-stream when unreadable). */
export async function mediaTypeOfFile(path: string): Promise<string> {
  let handle;
  try {
    handle = await open(path, 'r');
    const head = new Uint8Array(SIGNATURE_BYTES);
    const { bytesRead } = await handle.read(head, 0, SIGNATURE_BYTES, 0);
    return mediaTypeOf(head.subarray(0, bytesRead));
  } catch {
    return OCTET_STREAM;
  } finally {
    await handle?.close();
  }
}

/** Library files up to this size asked for whole are read in one go rather than streamed. */
const WHOLE_READ_MAX_BYTES = 512 * 1024;

/**
 * A stored file's served type and, when it is asked for whole and small (a thumbnail, a tile's
 * picture: a screenful asks for dozens at once), its bytes, read in the same go: one read instead of
 * one for the signature and a stream for the body. `bytes` is null for a file to stream.
 */
export async function readServedMedia(path: string, size: number, whole: boolean): Promise<{ type: string; bytes: Buffer | null }> {
  if (!whole || size > WHOLE_READ_MAX_BYTES) return { type: await mediaTypeOfFile(path), bytes: null };
  const bytes = await readFile(path);
  return { type: mediaTypeOf(bytes.subarray(0, SIGNATURE_BYTES)), bytes };
}

/** Headers every media response carries in both shells, whatever its status. */
export const MEDIA_SAFETY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  // Opened on its own (a new tab, a drag), a file is an opaque-origin document with no scripts.
  'Content-Security-Policy': 'sandbox',
};
