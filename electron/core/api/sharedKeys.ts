/**
 * Idempotency-Keys every machine of one service account computes alike (a claimed scene line's
 * steps, scenes/sceneClaims.ts), unlike the fresh UUID of every other request. A 409 "key reused
 * for a different request" on one of them is not a defect of ours: another machine of the account
 * sent that step under the key first (its Quote-Id differs), so it ran there, once, and the
 * service's history shows it.
 */
export const SHARED_KEY_PREFIX = 'cast-line-';

export function isSharedKey(key: string | null | undefined): boolean {
  return typeof key === 'string' && key.startsWith(SHARED_KEY_PREFIX);
}
