import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, readStrictQuery } from '../../../../../electron/sandbox/server/pagination.ts';
import { SandboxError } from '../../../../../electron/sandbox/sandboxError.ts';

const secret = randomBytes(32);
const codeOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    return (error as SandboxError).code;
  }
  return 'none';
};

describe('cursors and strict queries (spec 4.2, 4.4)', () => {
  it('round-trips a cursor and refuses a tampered one or one of another list', () => {
    const c = encodeCursor(secret, 'generations', 42);
    expect(decodeCursor(secret, 'generations', c)).toBe(42);
    expect(codeOf(() => decodeCursor(secret, 'characters', c))).toBe('invalid_cursor');
    expect(codeOf(() => decodeCursor(randomBytes(32), 'generations', c))).toBe('invalid_cursor');
    expect(codeOf(() => decodeCursor(secret, 'generations', `${c}x`))).toBe('invalid_cursor');
  });

  const rules = { collection: 'generations', secret, filters: { type: (v: string) => v === 'image' } };
  const read = (q: string) => () => readStrictQuery(new URLSearchParams(q), rules);

  it('judges the cursor first, so invalid_cursor wins over invalid_filter', () => {
    expect(codeOf(read('type=&cursor=bad'))).toBe('invalid_cursor');
    expect(codeOf(read('cursor=bad&type='))).toBe('invalid_cursor');
    expect(codeOf(read('type='))).toBe('invalid_filter');
    expect(codeOf(read('type=image&type=image'))).toBe('invalid_filter');
    expect(codeOf(read('type=video'))).toBe('invalid_filter');
    expect(codeOf(read('colour=red'))).toBe('validation_error');
    expect(codeOf(read('limit=0'))).toBe('validation_error');
    expect(codeOf(read('limit=1.5'))).toBe('validation_error');
  });

  it('returns the position, the limit and the filter values', () => {
    const c = encodeCursor(secret, 'generations', 7);
    expect(readStrictQuery(new URLSearchParams(`type=image&limit=5&cursor=${c}`), rules)).toEqual({
      after: 7,
      limit: 5,
      values: { type: 'image', limit: '5' },
    });
  });
});
