import { isObject } from '../validation.ts';

/** The list endpoints of the interface (spec 4.1, 4.2, 4.4, 4.5, 4.6), as router routes. */
export const LIST_ROUTES: ReadonlySet<string> = new Set([
  'GET /v1/characters',
  'GET /v1/generations',
  'GET /v1/voices',
  'GET /v1/audio',
  'GET /v1/account/usage',
]);

/** spec 4.4: the voice list returns every voice unless `limit` is given (legacy). */
export const VOICE_LIST = 'GET /v1/voices';

/** The default envelope's `meta` of a list answer, or null when the answer is not a list page. */
export function listMeta(body: unknown): Record<string, unknown> | null {
  return isObject(body) && isObject(body.meta) ? body.meta : null;
}
