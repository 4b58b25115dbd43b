import { createReadStream } from 'node:fs';
import { SandboxError } from '../sandboxError.ts';
import type { RequestContext, Router } from '../server/router.ts';

const NAME = /^([0-9a-f]{64})\.([a-z0-9]+)$/;

/**
 * The CDN (cdn_url = base_url + /cdn): public, immutable, content-addressed files with a strong
 * ETag, single-range requests (206/416), conditional GET (304), HEAD, and a year of caching. A
 * service variant may refuse a file's address (an expired signature) or redirect it to storage;
 * with `storage`, the storage origin a `cdn-redirect` CDN sends its files to (`/storage/<file>`).
 */
export function registerCdn(router: Router, storage = false): void {
  router.add('GET', storage ? '/storage/:name' : '/cdn/:name', (ctx) => serveFile(ctx, storage));
}

async function serveFile(ctx: RequestContext, storage: boolean): Promise<null> {
  if (redirected(ctx, storage)) return null;
  const match = NAME.exec(ctx.params.name ?? '');
  const object = match?.[1] ? ctx.services.cdn.get(match[1]) : null;
  if (!match || !object || object.ext !== match[2]) throw new SandboxError('not_found', 'No file at this CDN address.');
  const etag = `"${object.sha256}"`;
  const headers: Record<string, string | number> = {
    'Content-Type': object.contentType,
    ETag: etag,
    'Cache-Control': 'public, max-age=31536000, immutable',
    'Accept-Ranges': 'bytes',
  };
  const { res, req } = ctx;
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined && noneMatchFails(ifNoneMatch, etag)) {
    res.writeHead(304, headers);
    res.end();
    return null;
  }
  const span = spanOf(ctx, etag, object.size);
  if (span === 'unsatisfiable') {
    res.writeHead(416, { ...headers, 'Content-Range': `bytes */${object.size}`, 'Content-Length': 0 });
    res.end();
    return null;
  }
  const { start, end } = span;
  if (span.partial) headers['Content-Range'] = `bytes ${start}-${end}/${object.size}`;
  headers['Content-Length'] = end - start + 1;
  res.writeHead(span.partial ? 206 : 200, headers);
  if (ctx.method === 'HEAD' || object.size === 0) {
    res.end();
    return null;
  }
  await pipeFile(ctx, ctx.services.cdn.filePath(object.sha256, object.ext), start, end);
  return null;
}

/** The bytes to send: the requested range when it applies to this representation, else the whole file. */
function spanOf(ctx: RequestContext, etag: string, size: number): { start: number; end: number; partial: boolean } | 'unsatisfiable' {
  const range = ctx.req.headers.range;
  const ifRange = ctx.req.headers['if-range'];
  const parsed = range && (ifRange === undefined || ifRange === etag) ? parseRange(range, size) : null;
  if (parsed === 'unsatisfiable') return parsed;
  return parsed ? { start: parsed[0], end: parsed[1], partial: true } : { start: 0, end: size - 1, partial: false };
}

function pipeFile(ctx: RequestContext, path: string, start: number, end: number): Promise<void> {
  const { res } = ctx;
  return new Promise<void>((done) => {
    const stream = createReadStream(path, { start, end });
    stream.on('error', () => {
      res.destroy();
      done();
    });
    stream.on('end', () => done());
    stream.pipe(res);
  });
}

/** Asks the service's variants about the request first: true when it was answered with a redirect (a refusal throws). */
function redirected(ctx: RequestContext, storage: boolean): boolean {
  const { services } = ctx;
  const url = new URL(ctx.req.url ?? '/', services.baseUrl);
  const said = services.variants.cdnFile({ url, now: services.now(), storage, storageUrl: services.storageUrl });
  if (!said) return false;
  ctx.res.writeHead(302, { Location: said.redirect, 'Content-Length': 0, 'Cache-Control': 'no-store' });
  ctx.res.end();
  return true;
}

/**
 * RFC 9110 13.1.2: If-None-Match uses the weak comparison (`W/"x"` matches `"x"`), and `*` matches
 * any current representation, which every object the CDN serves is. True means "answer 304".
 */
export function noneMatchFails(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = (tag: string): string => tag.replace(/^W\//, '');
  const tags = header.match(/(?:W\/)?"[^"]*"/g) ?? [];
  return tags.some((tag) => opaque(tag) === opaque(etag));
}

/**
 * One `bytes=a-b`, `bytes=a-` or `bytes=-n` range (RFC 9110 14.1.2). null means "ignore the header
 * and send the whole body": a syntactically invalid range (`bytes=5-2`, `bytes=x`, another unit)
 * and a multi-range request, which a server may ignore. Only a valid range past the end is 416.
 */
export function parseRange(header: string, size: number): [number, number] | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/i.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(m[1]);
  // RFC 9110 14.1.1: a last-pos below first-pos makes the range-spec invalid, not unsatisfiable.
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return [start, m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)];
}
