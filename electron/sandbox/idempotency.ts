import { createHash } from 'node:crypto';
import { LIMITS } from '../../shared/api/index.ts';
import type { Db } from './db/database.ts';
import { forgetRecordsBefore } from './repos/idempotencyRepo.ts';
import { canonicalJson } from '../../shared/api/canonicalJson.ts';

/** Same key with the same request = same fingerprint: method, path, canonical body, quote header. */
export function fingerprint(method: string, path: string, body: unknown, quoteId: string | null): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body)}\n${quoteId ?? ''}`)
    .digest('hex');
}

/**
 * Decision: records are kept twice the promised 24 hours (LIMITS.idempotencyRetentionHours),
 * then dropped; a key reused after that executes as new.
 */
export function purgeOldRecords(db: Db, now: Date): number {
  return forgetRecordsBefore(db, new Date(now.getTime() - 2 * LIMITS.idempotencyRetentionHours * 3600_000));
}
