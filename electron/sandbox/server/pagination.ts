import { createHmac, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '../../../shared/api/index.ts';
import { SandboxError } from '../sandboxError.ts';

/**
 * Cursors are opaque (spec 4.4: "must not be constructed by the client"): the position and the
 * collection it belongs to, signed with a secret of this data folder. Anything else is 400
 * invalid_cursor (decision: status of invalid_cursor).
 */
export function encodeCursor(secret: Buffer, collection: string, seq: number): string {
  const payload = Buffer.from(JSON.stringify({ c: collection, s: seq })).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export function decodeCursor(secret: Buffer, collection: string, cursor: string): number {
  const [payload, signature, extra] = cursor.split('.');
  const bad = new SandboxError(
    'invalid_cursor',
    'The cursor is not valid here; start again without a cursor, or use next_cursor exactly as returned.',
    'cursor',
  );
  if (!payload || !signature || extra !== undefined) throw bad;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw bad;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw bad;
  }
  const p = parsed as { c?: unknown; s?: unknown };
  if (p.c !== collection || typeof p.s !== 'number' || !Number.isInteger(p.s)) throw bad;
  return p.s;
}

function sign(secret: Buffer, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 22);
}

export type StrictQueryRules = {
  /** The list the cursor must belong to, and the secret that signs cursors. */
  collection: string;
  secret: Buffer;
  /** spec 4.2 filters: non-empty, once, valid, else invalid_filter. */
  filters?: Record<string, (value: string) => boolean>;
  /** Other accepted parameters besides cursor and limit. */
  others?: Record<string, (value: string) => boolean>;
  limitMax?: number;
};

/** `after`: the position to read after (newest first), MAX_SAFE_INTEGER without a cursor. */
export type StrictQuery = { after: number; limit: number | null; values: Record<string, string> };

/**
 * Reads a list query strictly, before any lookup. The cursor is judged first, so that
 * invalid_cursor wins over invalid_filter when both are bad (spec 4.2).
 */
export function readStrictQuery(query: URLSearchParams, rules: StrictQueryRules): StrictQuery {
  const cursors = query.getAll('cursor');
  if (cursors.length > 1 || cursors[0] === '') {
    throw new SandboxError('invalid_cursor', 'Send at most one non-empty cursor.', 'cursor');
  }
  const after = cursors[0] === undefined ? Number.MAX_SAFE_INTEGER : decodeCursor(rules.secret, rules.collection, cursors[0]);
  const filters = rules.filters ?? {};
  const others = rules.others ?? {};
  const values: Record<string, string> = {};
  const seen = new Set<string>();
  for (const name of query.keys()) {
    if (seen.has(name)) continue;
    seen.add(name);
    if (name === 'cursor') continue;
    const all = query.getAll(name);
    const value = all[0] ?? '';
    const filter = filters[name];
    if (filter) {
      if (all.length > 1) throw new SandboxError('invalid_filter', `The filter ${name} appears more than once; send it once.`, name);
      if (value === '') throw new SandboxError('invalid_filter', `The filter ${name} is empty; give it a value or leave it out.`, name);
      if (!filter(value)) throw new SandboxError('invalid_filter', `The filter ${name} has a value that is not allowed: ${value}.`, name);
    } else if (name === 'limit' || others[name]) {
      if (all.length > 1) throw new SandboxError('validation_error', `The parameter ${name} appears more than once.`, name);
      if (name !== 'limit' && !others[name]?.(value))
        throw new SandboxError('validation_error', `The parameter ${name} has a value that is not allowed.`, name);
    } else {
      throw new SandboxError('validation_error', `The query parameter ${name} is not accepted here.`, name);
    }
    values[name] = value;
  }
  return { after, limit: readLimit(values.limit, rules.limitMax ?? LIMITS.listLimit.max), values };
}

function readLimit(raw: string | undefined, max: number): number | null {
  if (raw === undefined) return null;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
    throw new SandboxError('validation_error', `limit must be a whole number from 1 to ${max}.`, 'limit');
  }
  return Number(raw);
}

/** Decision: list envelope `{ data: [...], meta: { has_more, next_cursor } }`, newest first. */
export function pageOf<T extends { seq: number }>(
  rows: T[],
  limit: number,
  secret: Buffer,
  collection: string,
  render: (row: T) => unknown,
): { data: unknown[]; meta: { has_more: boolean; next_cursor: string | null } } {
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: page.map(render),
    meta: { has_more: hasMore, next_cursor: hasMore && last ? encodeCursor(secret, collection, last.seq) : null },
  };
}
