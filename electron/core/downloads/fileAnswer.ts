// How a CDN's answer to a file request is read: where its bytes start, what the file should hash
// to, and its type.
import { rmSync } from 'node:fs';
import type { Dispatcher } from 'undici';
import { typeOfExtension } from '../../../shared/api/mediaTypes.ts';

/** The CDN answered with a status that is no file. */
export class HttpStatusError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`HTTP ${status}`);
    this.status = status;
  }
}

export type Header = (name: string) => string | null;

/** Reads one header of an answer (the first, when it came more than once). */
export function headerOf(headers: Dispatcher.ResponseData['headers']): Header {
  return (name) => {
    const v = headers[name];
    return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
  };
}

/**
 * Where the answer's bytes start and how many the whole file has (null: not said): a resumed part
 * must start at the byte the saved part ends; an answer that is no file throws (the saved part
 * dropped when it no longer fits).
 */
export async function startingPoint(
  answer: Dispatcher.ResponseData,
  header: Header,
  saved: number,
  partial: string,
): Promise<{ have: number; total: number | null }> {
  if (answer.statusCode === 206) {
    const range = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header('content-range') ?? '');
    if (!range || Number(range[1]) !== saved) {
      await answer.body.dump();
      rmSync(partial, { force: true });
      throw new Error('The server resumed at the wrong byte; starting over.');
    }
    return { have: saved, total: range[3] === '*' ? null : Number(range[3]) };
  }
  if (answer.statusCode === 200) {
    const length = header('content-length');
    return { have: 0, total: length ? Number(length) : null };
  }
  await answer.body.dump();
  if (answer.statusCode === 416) {
    rmSync(partial, { force: true });
    throw new Error('The saved part did not match the file; starting over.');
  }
  throw new HttpStatusError(answer.statusCode);
}

/** A SHA-256 the CDN states for the file: a header, a hex ETag, or a content-addressed URL. */
export function expectedHash(sha: string | null, etag: string | null, reprDigest: string | null, url: string): string | null {
  if (sha && /^[0-9a-f]{64}$/i.test(sha.trim())) return sha.trim().toLowerCase();
  const tag = etag?.replace(/^W\//, '').replace(/"/g, '').trim();
  if (tag && /^[0-9a-f]{64}$/i.test(tag)) return tag.toLowerCase();
  const digest = /sha-256=:([A-Za-z0-9+/=]+):/.exec(reprDigest ?? '');
  if (digest?.[1]) return Buffer.from(digest[1], 'base64').toString('hex');
  const fromUrl = /\/([0-9a-f]{64})(?:\.[a-z0-9]+)?$/i.exec(new URL(url).pathname);
  return fromUrl?.[1]?.toLowerCase() ?? null;
}

export function guessType(pathname: string): string {
  return typeOfExtension(pathname.split('.').pop() ?? '') ?? 'application/octet-stream';
}
