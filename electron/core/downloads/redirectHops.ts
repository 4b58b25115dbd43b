import type { Dispatcher } from 'undici';
import type { AppError } from '../../../shared/ipc/index.ts';
import type { ServiceDispatcher } from '../api/dispatcher.ts';

/** Most redirects one file request follows before it is refused. */
export const MAX_HOPS = 5;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A redirect the download does not follow: `error` says why, for the page; the message is the log's. */
export class RedirectRefused extends Error {
  readonly error: AppError;

  constructor(why: 'too_many' | 'no_address' | 'plain_http') {
    super(`redirect refused: ${why}`);
    this.name = 'RedirectRefused';
    this.error = { code: 'download_redirect_refused', params: { why, most: MAX_HOPS } };
  }
}

/**
 * Checks an address before any request goes to it (the first one and every hop): throws to refuse
 * it. Origin and address rules of the connection plug in here; the hop loop adds its own.
 */
export type HopCheck = (url: URL, hop: number, from: URL | null) => void | Promise<void>;

export type FileRequest = { headers: Record<string, string>; signal: AbortSignal };

/**
 * GETs a file, following the CDN's redirects (301, 302, 303, 307, 308) the same way each time: at
 * most MAX_HOPS of them, each `Location` resolved against the address that named it, never from
 * HTTPS down to plain HTTP, and every address (the first included) passed through `check` before a
 * request goes to it. The same headers (a byte range included) go to every hop. Answers the final
 * answer and the address that gave it.
 */
export async function requestFollowingRedirects(
  dispatcher: ServiceDispatcher,
  first: URL,
  request: FileRequest,
  check: HopCheck = () => {},
): Promise<{ answer: Dispatcher.ResponseData; url: URL }> {
  let url = first;
  let from: URL | null = null;
  for (let hop = 0; ; hop += 1) {
    await check(url, hop, from);
    const answer = await dispatcher.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: request.headers,
      signal: request.signal,
    });
    if (!REDIRECTS.has(answer.statusCode)) return { answer, url };
    await answer.body.dump();
    from = url;
    url = nextHop(url, answer.headers.location, hop + 1);
  }
}

/** Where a redirect points, or a refusal saying why. */
function nextHop(from: URL, location: string | string[] | undefined, hop: number): URL {
  if (hop > MAX_HOPS) throw new RedirectRefused('too_many');
  const target = typeof location === 'string' ? URL.parse(location, from) : null;
  if (!target || (target.protocol !== 'https:' && target.protocol !== 'http:')) throw new RedirectRefused('no_address');
  if (from.protocol === 'https:' && target.protocol !== 'https:') throw new RedirectRefused('plain_http');
  return target;
}
