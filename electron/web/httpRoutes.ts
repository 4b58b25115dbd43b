import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { isMediaId, parseRange, rangeHeaders } from '../core/media/byteRange.ts';
import { MEDIA_SAFETY_HEADERS, readServedMedia } from '../core/media/mediaSignature.ts';
import type { StoredFile } from '../core/media/storedFile.ts';
import { acceptedLanguages, startCatalog } from '../core/app/startLanguage.ts';
import { startScreenPage } from '../core/app/startScreenPage.ts';
import type { CatalogLocale } from '../../shared/i18n/locales.ts';
import type { Screen } from '../../shared/ipc/screens.ts';
import { downloadDisposition } from './downloadDisposition.ts';
import { fetchSiteAllowed, type HostAuth } from './hostAuth.ts';
import { BuildFiles, contentSecurityPolicy, contentTypeOf, resolveStaticFile } from './staticFiles.ts';
import { SESSION_HEADER, UPLOAD_PATH } from '../../shared/ipc/bridgeFrames.ts';
import { closeAfterAnswer } from './uploadRoute.ts';
import { wordsForRequest, type HostMessageId } from './hostWords.ts';
import type { WordValues } from '../core/app/catalogWords.ts';

/** Where a content id's file is: in the active library's folder, or as core says (ShellCore.mediaFile). */
export type MediaResolver = (contentId: string) => Promise<StoredFile | null>;

/** Header the page's launch exchange carries (renderer/bridge/getBridge.ts sends it). */
export const LAUNCH_HEADER = 'x-cast-launch';
export const SESSION_PATH = '/session';
export const MEDIA_PREFIX = '/media/';

/**
 * On every answer. With the opener and embedder policies together the page is cross-origin
 * isolated: it loads nothing from another origin (all it shows comes from this host), no other
 * origin's page shares its process, and its clocks (`performance.now`, frame times) read to 5 µs
 * instead of 100 µs with jitter added.
 */
const BASE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

export type HttpRoutesOptions = {
  auth: HostAuth;
  rendererDir: string;
  /** The screen the page opens on (core's `app.info` answers the same): its code is preloaded with the page's. */
  startScreen?: Screen | null;
  /**
   * The language chosen in Settings now, null when they follow the system (then the browser's, from
   * the page's request): its catalog is preloaded with the page's code. Read at each load of the
   * page, so a page reloaded after a change in Settings asks for the new language's catalog only.
   */
  startLanguage?: () => CatalogLocale | null;
  /** Null until the core is up; media requests get 503 meanwhile. */
  resolveMedia: () => MediaResolver | null;
  /** `PUT /uploads` once the session token, Host and Origin are checked (electron/web/uploadRoute.ts). */
  upload: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
};

/**
 * The host's plain HTTP: the built renderer (public code, served to any page of this host), the
 * launch exchange, streamed uploads (session token required) and library media by content id
 * (media key required). The WebSocket upgrade is handled by the bridge server.
 */
export function createRequestHandler(options: HttpRoutesOptions): (request: IncomingMessage, response: ServerResponse) => void {
  const { auth } = options;
  const csp = contentSecurityPolicy(auth.origin);
  const buildFiles = new BuildFiles();

  return (request, response) => {
    void route(request, response)
      .catch(async () => {
        if (!response.headersSent) await say(request, response, 500, 'host.http.failed');
        else response.destroy();
      })
      .catch(() => response.destroy());
  };

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // A DNS-rebound name reaches this socket with someone else's Host: refuse before anything else.
    // A person who typed another name for this machine (localhost) reads it: where the studio is.
    if (!auth.hostMatches(request.headers.host)) return say(request, response, 403, 'host.http.wrongHost', { address: auth.origin });
    const rawUrl = request.url ?? '/';
    const rawPath = rawUrl.split('?')[0] ?? '/';
    const method = request.method ?? 'GET';

    if (rawPath === SESSION_PATH) {
      if (method !== 'POST') return send(response, 405, 'Use POST.');
      return session(request, response);
    }
    if (rawPath === UPLOAD_PATH) {
      if (method !== 'PUT') return send(response, 405, 'Use PUT.');
      if (!auth.originMatches(request.headers.origin, true) || !auth.sessionMatches(headerOf(request, SESSION_HEADER))) {
        closeAfterAnswer(request, response);
        return say(request, response, 403, 'host.http.notOurPage');
      }
      return options.upload(request, response);
    }
    if (method !== 'GET' && method !== 'HEAD') return send(response, 405, 'Only GET and HEAD are served.');
    if (rawPath.startsWith(MEDIA_PREFIX)) return media(request, response, rawPath.slice(MEDIA_PREFIX.length));
    return staticFile(request, response, rawPath);
  }

  /**
   * Trades a launch code (from the page's URL fragment) once for a session token, which the page
   * keeps in sessionStorage. Only a page of this origin can send the Origin this checks.
   */
  function session(request: IncomingMessage, response: ServerResponse): void {
    const token = auth.originMatches(request.headers.origin, true) ? auth.redeem(headerOf(request, LAUNCH_HEADER)) : null;
    if (!token) {
      return send(
        response,
        403,
        'This link has been used already or is more than a minute old. Open Cast Studio again from the link it printed last, or press Enter where it runs for a new one.',
      );
    }
    response.writeHead(200, { ...BASE_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(JSON.stringify({ token }));
  }

  /** `/media/<mediaKey>/<contentId>`: the key is core's mediaBase, so <img src> carries it. */
  async function media(request: IncomingMessage, response: ServerResponse, rest: string): Promise<void> {
    const slash = rest.indexOf('/');
    const key = slash < 0 ? '' : rest.slice(0, slash);
    const id = slash < 0 ? rest : rest.slice(slash + 1);
    const allowed =
      auth.originMatches(request.headers.origin, false) &&
      fetchSiteAllowed(headerOf(request, 'sec-fetch-site')) &&
      auth.mediaKeyMatches(key);
    if (!allowed) return say(request, response, 403, 'host.http.notOurPage');
    // Ids only, never paths: `../x`, `%2e%2e`, `/etc/passwd` and friends fail the pattern here.
    if (!isMediaId(id)) return send(response, 400, 'That is not a media id.');
    const resolver = options.resolveMedia();
    if (!resolver) return say(request, response, 503, 'host.http.starting');
    const found = await resolver(id);
    if (!found) return say(request, response, 404, 'host.http.noMedia');

    const range = parseRange(headerOf(request, 'range'), found.size);
    // The type comes from the file's own first bytes, from a fixed list; anything else is octet-stream.
    const { type, bytes: whole } = await readServedMedia(found.path, found.size, range.kind === 'full' && request.method !== 'HEAD');
    const { status, headers } = rangeHeaders(range, whole?.length ?? found.size, type);
    // Content-addressed: the bytes behind an id never change.
    // `?download=<name>`: Save as, a browser download (electron/web/downloadDisposition.ts).
    const disposition = downloadDisposition(request.url);
    response.writeHead(status, {
      ...BASE_HEADERS,
      ...headers,
      ...MEDIA_SAFETY_HEADERS,
      'Cache-Control': 'private, max-age=31536000, immutable',
      ...(disposition ? { 'Content-Disposition': disposition } : {}),
    });
    if (request.method === 'HEAD' || range.kind === 'unsatisfiable' || found.size === 0) return void response.end();
    if (whole) return void response.end(whole);
    const stream =
      range.kind === 'partial' ? createReadStream(found.path, { start: range.start, end: range.end }) : createReadStream(found.path);
    await pipeline(stream, response).catch(() => response.destroy());
  }

  async function staticFile(request: IncomingMessage, response: ServerResponse, rawPath: string): Promise<void> {
    const found = await resolveStaticFile(options.rendererDir, rawPath);
    // Browsers ask for a favicon on their own; the build may not have one.
    if (!found && rawPath === '/favicon.ico') return void response.writeHead(204, BASE_HEADERS).end();
    if (!found) return say(request, response, 404, 'host.http.notFound');
    const { file, size } = found;
    const isPage = file.endsWith('.html');
    const headers = {
      ...BASE_HEADERS,
      'Content-Type': contentTypeOf(file),
      'Content-Security-Policy': csp,
      // Vite hashes asset names, so they may be cached; the page itself is always fresh.
      'Cache-Control': isPage ? 'no-store' : 'public, max-age=31536000, immutable',
    };
    if (request.method === 'HEAD') return void response.writeHead(200, headers).end();
    if (isPage) {
      const catalog = startCatalog(options.startLanguage?.() ?? null, acceptedLanguages(headerOf(request, 'accept-language')));
      const page = startScreenPage(await readFile(file, 'utf8'), options.rendererDir, options.startScreen ?? null, catalog);
      return void response.writeHead(200, headers).end(page);
    }
    const bytes = await buildFiles.bytes(file, size);
    if (bytes) return void response.writeHead(200, { ...headers, 'Content-Length': bytes.length }).end(bytes);
    response.writeHead(200, headers);
    await pipeline(createReadStream(file), response).catch(() => response.destroy());
  }
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * A plain-text answer, in English unless `language` says otherwise. English alone for a page's
 * developer (a wrong method, a malformed media id, a spent launch code): the page never shows these
 * and no link a person follows leads to them, so they stay English, as logs do.
 */
function send(response: ServerResponse, status: number, message: string, language: Record<string, string> = ENGLISH): void {
  response.writeHead(status, { ...BASE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', ...language, 'Cache-Control': 'no-store' });
  response.end(message);
}

const ENGLISH = { 'Content-Language': 'en' };

/**
 * A plain-text answer a person may read (a media file opened in a tab, a mistyped address), in the
 * first of the request's languages the studio speaks, else English.
 */
async function say(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  id: HostMessageId,
  values?: WordValues,
): Promise<void> {
  const words = await wordsForRequest(headerOf(request, 'accept-language'));
  send(response, status, words.say(id, values), { 'Content-Language': words.locale, Vary: 'Accept-Language' });
}
