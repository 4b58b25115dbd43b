import { createHash, randomBytes } from 'node:crypto';

// Crockford's base32: no I, L, O or U, so a code read aloud or typed is not misread.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function base32(bytes: Buffer, length: number): string {
  let out = '';
  for (let index = 0; index < length; index += 1) out += ALPHABET[(bytes[index] ?? 0) % 32];
  return out;
}

/** An id for a space or a member: 16 characters (80 bits), valid in document names. */
export function newId(): string {
  return base32(randomBytes(16), 16).toLowerCase();
}

/** A join code: 20 characters (100 bits) in groups of five, typed or pasted by a person once. */
export function newJoinCode(): string {
  const code = base32(randomBytes(20), 20);
  return [0, 5, 10, 15].map((at) => code.slice(at, at + 5)).join('-');
}

/** A member token: 256 random bits. */
export function newMemberToken(): string {
  return `cst_${randomBytes(32).toString('base64url')}`;
}

/** A code as typed: case, spaces and dashes do not matter; the letters people confuse are read as digits. */
export function normalizeJoinCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}

/**
 * What the server stores of a code or a token. Both are long random strings, so a plain SHA-256 is
 * enough: there is nothing to guess from the hash (a slow hash is for what people choose).
 */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
