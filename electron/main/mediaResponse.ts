import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { APP_ORIGIN, MEDIA_HOST } from './appUrls.ts';
import { isMediaId, parseRange, rangeHeaders } from '../core/media/byteRange.ts';
import { MEDIA_SAFETY_HEADERS, readServedMedia } from '../core/media/mediaSignature.ts';
import type { StoredFile } from '../core/media/storedFile.ts';

export type ResolvedMedia = { path: string; contentType: string; size: number };
/** Asks core (in its utility process) where a content id's file is, and what the library recorded of its type. */
export type MediaResolver = (contentId: string) => Promise<ResolvedMedia | null>;
/** Where a content id's file is, to serve it: in the active library's folder, or as core says (ShellCore.mediaFile). */
export type MediaFileResolver = (contentId: string) => Promise<StoredFile | null>;
export type MediaRequest = { url: string; method: string; headers: { get(name: string): string | null } };

/** The content id a `casmedia://media/<id>` URL names, or null when it names anything else. */
export function mediaIdOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.host !== MEDIA_HOST || parsed.search !== '' || parsed.username !== '' || parsed.password !== '') return null;
  const id = parsed.pathname.slice(1);
  // Ids only, never paths: a dot segment, a slash, an escape or a drive letter all fail the pattern.
  return isMediaId(id) ? id : null;
}

/**
 * The answer to one media request: library files by content id, with byte ranges so video can
 * seek; 404 for an id the library does not hold; 400 for anything that is not an id at all. The
 * Content-Type comes from the file's own signature (electron/core/media/mediaSignature.ts), never
 * from what the library recorded, and the response is sandboxed and never sniffed.
 */
export async function mediaResponse(request: MediaRequest, resolve: MediaFileResolver): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'Only GET and HEAD are served.');
  const id = mediaIdOf(request.url);
  if (!id) return text(400, 'That is not a media id.');
  const found = await resolve(id);
  if (!found) return text(404, 'No media with that id is in the library.');

  const range = parseRange(request.headers.get('range'), found.size);
  const withBody = request.method === 'GET' && range.kind !== 'unsatisfiable' && found.size > 0;
  const { type, bytes } = await readServedMedia(found.path, found.size, withBody && range.kind === 'full');
  const { status, headers } = rangeHeaders(range, bytes?.length ?? found.size, type);
  const stream =
    !withBody || bytes
      ? null
      : range.kind === 'partial'
        ? createReadStream(found.path, { start: range.start, end: range.end })
        : createReadStream(found.path);
  // The bytes read are handed over as they are (a view of them, not a copy).
  const body = bytes
    ? new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length)
    : stream
      ? (Readable.toWeb(stream) as ReadableStream<Uint8Array>)
      : null;
  // The page (castapp://studio) fetches media across origins for waveforms; only it may read them.
  return new Response(body, {
    status,
    headers: {
      ...headers,
      ...MEDIA_SAFETY_HEADERS,
      'Cache-Control': 'private, max-age=31536000, immutable',
      'Access-Control-Allow-Origin': APP_ORIGIN,
    },
  });
}

function text(status: number, message: string): Response {
  return new Response(message, { status, headers: { ...MEDIA_SAFETY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
}
