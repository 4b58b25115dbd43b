import { randomBytes } from 'node:crypto';
import { isObject } from '../validation.ts';
import { LIST_ROUTES, VOICE_LIST, listMeta } from './lists.ts';
import type { Variant } from './variant.ts';

/** Pages hold about a third of what was asked, and 7 items when nothing was asked. */
const SHRINK = 3;
const UNASKED_PAGE = 7;

/**
 * `opaque-cursors`: long opaque cursors (several hundred characters, nothing to read in them), and
 * pages smaller than the `limit` asked for.
 */
export function opaqueCursors(): Variant {
  return {
    name: 'opaque-cursors',
    allowedBy:
      'spec 4.4: a cursor is opaque and "must not be constructed by the client"; spec 8: "Page-size bounds of list endpoints other than voices: not shown."',
    request: ({ route, query }) => {
      if (!LIST_ROUTES.has(route)) return;
      const cursor = query.get('cursor');
      if (cursor) query.set('cursor', unwrap(cursor));
      const limit = query.get('limit');
      if (limit !== null && /^\d+$/.test(limit) && Number(limit) >= 1 && Number(limit) <= 100) {
        query.set('limit', String(Math.ceil(Number(limit) / SHRINK)));
      } else if (limit === null && route !== VOICE_LIST) {
        query.set('limit', String(UNASKED_PAGE));
      }
    },
    reply: (reply, at) => {
      const meta = listMeta(reply.body);
      if (!LIST_ROUTES.has(at.route) || !meta || typeof meta.next_cursor !== 'string' || !isObject(reply.body)) return reply;
      return { ...reply, body: { ...reply.body, meta: { ...meta, next_cursor: wrap(meta.next_cursor) } } };
    },
  };
}

function wrap(cursor: string): string {
  return Buffer.from(JSON.stringify({ p: cursor, n: randomBytes(192).toString('base64url') })).toString('base64url');
}

/** The sandbox's own cursor inside, or a value its pagination refuses as invalid_cursor. */
function unwrap(opaque: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(opaque, 'base64url').toString('utf8')) as unknown;
    if (isObject(parsed) && typeof parsed.p === 'string') return parsed.p;
  } catch {
    // not one of ours: refused below
  }
  return 'not-a-cursor';
}
