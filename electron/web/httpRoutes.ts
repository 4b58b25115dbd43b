import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { isMediaId, parseRange, rangeHeaders } from '../core/media/byteRange.ts';
import { fetchSiteAllowed, type HostAuth } from './hostAuth.ts';
import { contentSecurityPolicy, contentTypeOf, resolveStaticFile } from './staticFiles.ts';

export type ResolvedMedia = { path: string; contentType: string; size: number };
export type MediaResolver = (contentId: string) => ResolvedMedia | null;

/** Header the page's token exchange carries (renderer/bridge/getBridge.ts sends it). */
export const TOKEN_HEADER = 'x-cast-token';
const MEDIA_PREFIX = '/media/';

const BASE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

export type HttpRoutesOptions = {
  auth: HostAuth;
  rendererDir: string;
  /** Null until the core is up; media requests get 503 meanwhile. */
  resolveMedia: () => MediaResolver | null;
};

/**
 * The host's plain HTTP: the built renderer (public code, served to any page of this host), the
 * token exchange, and library media by content id (token required). The WebSocket upgrade is
 * handled by the bridge server.
 */
export function createRequestHandler(options: HttpRoutesOptions): (request: IncomingMessage, response: ServerResponse) => void {
  const { auth } = options;
  const csp = contentSecurityPolicy(auth.origin);

  return (request, response) => {
    void route(request, response).catch(() => {
      if (!response.headersSent) send(response, 500, 'Cast Studio could not answer this request.');
      else response.destroy();
    });
  };

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // A DNS-rebound name reaches this socket with someone else's Host: refuse before anything else.
    if (!auth.hostMatches(request.headers.host)) return send(response, 403, 'This host answers only to 127.0.0.1.');
    const rawUrl = request.url ?? '/';
    const rawPath = rawUrl.split('?')[0] ?? '/';
    const method = request.method ?? 'GET';

    if (rawPath === '/session') {
      if (method !== 'POST') return send(response, 405, 'Use POST.');
      return session(request, response);
    }
    if (method !== 'GET' && method !== 'HEAD') return send(response, 405, 'Only GET and HEAD are served.');
    if (rawPath.startsWith(MEDIA_PREFIX)) return media(request, response, rawPath.slice(MEDIA_PREFIX.length), new URL(rawUrl, auth.origin));
    return staticFile(request, response, rawPath);
  }

  /** Trades the token (from the page's URL fragment) for an HttpOnly cookie that media requests carry. */
  function session(request: IncomingMessage, response: ServerResponse): void {
    const token = request.headers[TOKEN_HEADER];
    if (!auth.originMatches(request.headers.origin, true) || typeof token !== 'string' || !auth.tokenMatches(token)) {
      return send(response, 403, 'This page is not the one Cast Studio opened.');
    }
    response.writeHead(204, { ...BASE_HEADERS, 'Set-Cookie': auth.sessionCookie(), 'Cache-Control': 'no-store' });
    response.end();
  }

  async function media(request: IncomingMessage, response: ServerResponse, id: string, url: URL): Promise<void> {
    const allowed =
      auth.originMatches(request.headers.origin, false) &&
      fetchSiteAllowed(headerOf(request, 'sec-fetch-site')) &&
      auth.tokenMatches(auth.requestToken(request.headers.cookie, url));
    if (!allowed) return send(response, 403, 'This page is not the one Cast Studio opened.');
    // Ids only, never paths: `../x`, `%2e%2e`, `/etc/passwd` and friends fail the pattern here.
    if (!isMediaId(id)) return send(response, 400, 'That is not a media id.');
    const resolver = options.resolveMedia();
    if (!resolver) return send(response, 503, 'Cast Studio is still starting.');
    const found = resolver(id);
    if (!found) return send(response, 404, 'No media with that id is in the library.');

    const range = parseRange(headerOf(request, 'range'), found.size);
    const { status, headers } = rangeHeaders(range, found.size, found.contentType);
    // Content-addressed: the bytes behind an id never change.
    response.writeHead(status, { ...BASE_HEADERS, ...headers, 'Cache-Control': 'private, max-age=31536000, immutable' });
    if (request.method === 'HEAD' || range.kind === 'unsatisfiable' || found.size === 0) return void response.end();
    const stream = range.kind === 'partial' ? createReadStream(found.path, { start: range.start, end: range.end }) : createReadStream(found.path);
    await pipeline(stream, response).catch(() => response.destroy());
  }

  async function staticFile(request: IncomingMessage, response: ServerResponse, rawPath: string): Promise<void> {
    const file = await resolveStaticFile(options.rendererDir, rawPath);
    // Browsers ask for a favicon on their own; the build may not have one.
    if (!file && rawPath === '/favicon.ico') return void response.writeHead(204, BASE_HEADERS).end();
    if (!file) return send(response, 404, 'Not found.');
    const isPage = file.endsWith('.html');
    response.writeHead(200, {
      ...BASE_HEADERS,
      'Content-Type': contentTypeOf(file),
      'Content-Security-Policy': csp,
      // Vite hashes asset names, so they may be cached; the page itself is always fresh.
      'Cache-Control': isPage ? 'no-store' : 'public, max-age=31536000, immutable',
    });
    if (request.method === 'HEAD') return void response.end();
    await pipeline(createReadStream(file), response).catch(() => response.destroy());
  }
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function send(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { ...BASE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(message);
}
