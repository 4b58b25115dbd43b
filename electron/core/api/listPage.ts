import LinkHeader from 'http-link-header';
import { ServiceError } from './serviceError.ts';

/** Where the next page of a list is: a cursor to send with the same query, or a URL to follow as it is. */
export type NextPage = { cursor: string } | { url: string };

/** What a list page says about what follows it. */
export type PageSequel = { hasMore: boolean; next: NextPage | null };

/**
 * spec 4.2: "Response envelope (items, cursor fields) of list endpoints other than voices: not
 * shown", and spec 4.4 names only `meta.has_more`. A page may name its next cursor as
 * `meta.next_cursor`, `meta.cursor`, a top-level `next_cursor`, or an RFC 8288 `Link: <…>;
 * rel="next"` header; a cursor is opaque and sent back exactly as received. `has_more` is believed
 * when given; without it a named cursor means more. A page that claims more but names no next page
 * Cast Studio can read is an error (`next_page_missing`, a code the page words), never a silent stop.
 */
export function sequelOf(json: unknown, headers: Record<string, string>, status: number): PageSequel {
  const body = isObject(json) ? json : {};
  const meta = isObject(body.meta) ? body.meta : {};
  const next = cursorIn(meta.next_cursor) ?? cursorIn(meta.cursor) ?? cursorIn(body.next_cursor) ?? linkedNext(headers.link);
  const claimed = typeof meta.has_more === 'boolean' ? meta.has_more : typeof body.has_more === 'boolean' ? body.has_more : null;
  const hasMore = claimed ?? next !== null;
  if (!hasMore) return { hasMore: false, next: null };
  if (next === null) throw new ServiceError({ code: 'next_page_missing', status, message: 'list page claims more but names no next page' });
  return { hasMore: true, next };
}

/** The cursor a next page carries, for callers that hand it back later (a Link names a URL; its `cursor` parameter when it has one). */
export function cursorOf(next: NextPage | null): string | null {
  if (next === null) return null;
  if ('cursor' in next) return next.cursor;
  return URL.parse(next.url)?.searchParams.get('cursor') ?? null;
}

/** Refuses a next page equal to the one just read (`current`): following it would read the same page for ever. */
export function checkAdvances(current: NextPage | null, next: NextPage, status: number): void {
  if (current === null) return;
  const same =
    'cursor' in current && 'cursor' in next
      ? current.cursor === next.cursor
      : 'url' in current && 'url' in next && current.url === next.url;
  if (same) throw new ServiceError({ code: 'next_page_repeated', status, message: 'list page names itself as the next page' });
}

function cursorIn(value: unknown): NextPage | null {
  return typeof value === 'string' && value.length > 0 ? { cursor: value } : null;
}

/** RFC 8288: the target of the first `rel="next"` link, as written (resolved against the page's URL by the caller). */
function linkedNext(header: string | undefined): NextPage | null {
  if (!header) return null;
  try {
    const uri = LinkHeader.parse(header).rel('next')[0]?.uri;
    return uri ? { url: uri } : null;
  } catch {
    // A Link header that is not RFC 8288 names no next page.
    return null;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
