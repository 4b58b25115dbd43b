import type { Reply } from '../server/http.ts';
import { isObject } from '../validation.ts';
import { LIST_ROUTES, listMeta } from './lists.ts';
import type { Exchange, Variant } from './variant.ts';

type Style = 'meta.cursor' | 'next_cursor' | 'link';

/** Each list names its next cursor one of the common ways, so one run meets all three. */
const STYLE: Readonly<Record<string, Style>> = {
  'GET /v1/characters': 'meta.cursor',
  'GET /v1/account/usage': 'meta.cursor',
  'GET /v1/audio': 'next_cursor',
  'GET /v1/generations': 'link',
  'GET /v1/voices': 'link',
};

/**
 * `other-envelope`: list pages name their next cursor as `meta.cursor`, as a top-level
 * `next_cursor`, or in an RFC 8288 `Link: <…>; rel="next"` header, instead of `meta.next_cursor`.
 * `meta.has_more` stays (spec 4.4 names it for voices).
 */
export function otherEnvelope(): Variant {
  return {
    name: 'other-envelope',
    allowedBy:
      'spec 4.2: "Response envelope (items, cursor fields) of list endpoints other than voices: not shown."; spec 4.4 names only `meta.has_more` for voices',
    reply: (reply, at) => {
      const meta = listMeta(reply.body);
      const style = STYLE[at.route];
      if (!LIST_ROUTES.has(at.route) || !style || !meta || !isObject(reply.body)) return reply;
      const { next_cursor: next, ...rest } = meta;
      const cursor = typeof next === 'string' ? next : null;
      return restyle(reply, { ...reply.body, meta: rest }, rest, cursor, style, at);
    },
  };
}

function restyle(
  reply: Reply,
  body: Record<string, unknown>,
  meta: Record<string, unknown>,
  cursor: string | null,
  style: Style,
  at: Exchange,
): Reply {
  if (style === 'meta.cursor') return { ...reply, body: { ...body, meta: { ...meta, cursor } } };
  if (style === 'next_cursor') return { ...reply, body: { ...body, next_cursor: cursor } };
  if (cursor === null) return { ...reply, body };
  const next = new URL(at.url);
  next.searchParams.set('cursor', cursor);
  return { ...reply, body, headers: { ...reply.headers, Link: `<${next.href}>; rel="next"` } };
}
