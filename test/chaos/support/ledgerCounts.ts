import { SandboxLedger } from '../../../shared/api/index.ts';
import type { SandboxHandle } from '../../support/sandboxProcess.ts';

export type IntendedJob = { idempotency_key: string; state: string; resource_id: string | null; kind: string };

/**
 * The figures of a chaos or crash run, from the sandbox's ledger (its own count of charges per
 * Idempotency-Key) against the intents core recorded:
 *
 * - intended: paid operations core accepted from the user (one job, one key each);
 * - executed: intended operations the sandbox executed (a record with a resource under its key);
 * - charged: intended operations charged exactly once;
 * - duplicated: charges beyond the first under one key, plus paid operations executed under a key
 *   core never recorded (a re-send with a fresh key), plus charges with no record at all;
 * - lost: intended operations not done in core, or done with no execution in the ledger.
 */
export type LedgerCounts = {
  intended: number;
  executed: number;
  charged: number;
  duplicated: number;
  lost: number;
  failed: number;
  credits: number;
  details: string[];
};

type Operation = {
  idempotency_key: string;
  resource_id: string | null;
  resource_kind?: string | null;
  charges: number;
  credits: number;
  orphan?: boolean;
};

export async function ledgerOperations(sandbox: SandboxHandle, userId: string): Promise<Operation[]> {
  const answer = await sandbox.request('GET', `/sandbox/ledger?user_id=${encodeURIComponent(userId)}`);
  if (answer.status !== 200) throw new Error(`The ledger answered ${answer.status}.`);
  return SandboxLedger.parse(answer.body).data.operations;
}

export function countLedger(jobs: IntendedJob[], operations: Operation[], knownPaidKeys: ReadonlySet<string> = new Set()): LedgerCounts {
  const byKey = new Map<string, Operation[]>();
  for (const op of operations) byKey.set(op.idempotency_key, [...(byKey.get(op.idempotency_key) ?? []), op]);
  const details: string[] = [];
  let executed = 0;
  let charged = 0;
  let lost = 0;
  let failed = 0;
  let duplicated = 0;
  let credits = 0;
  const intendedKeys = new Set(jobs.map((j) => j.idempotency_key));
  for (const job of jobs) {
    const entries = byKey.get(job.idempotency_key) ?? [];
    const entry = entries[0];
    if (entries.length > 1) {
      duplicated += entries.length - 1;
      details.push(`duplicated: key ${job.idempotency_key} has ${entries.length} ledger records`);
    }
    if (entry?.resource_id) executed += 1;
    if (entry && entry.charges === 1) charged += 1;
    if (entry && entry.charges > 1) {
      duplicated += entry.charges - 1;
      details.push(`duplicated: key ${job.idempotency_key} (${job.kind}) charged ${entry.charges} times`);
    }
    credits += entry?.credits ?? 0;
    if (job.state === 'failed') failed += 1;
    if (job.state !== 'done' || !entry?.resource_id) {
      lost += 1;
      details.push(
        `lost: ${job.kind} key ${job.idempotency_key} is ${job.state} in core; ledger: ${entry ? `resource ${entry.resource_id}, ${entry.charges} charge(s)` : 'no record'}`,
      );
    } else if (job.resource_id && entry.resource_id !== job.resource_id && job.kind !== 'character.regenerate') {
      details.push(
        `mismatch: ${job.kind} key ${job.idempotency_key}: core follows ${job.resource_id}, the ledger charged ${entry.resource_id}`,
      );
      lost += 1;
    }
  }
  for (const op of operations) {
    if (op.charges > 0 && !intendedKeys.has(op.idempotency_key) && !knownPaidKeys.has(op.idempotency_key)) {
      duplicated += op.charges;
      details.push(
        `duplicated: ${op.orphan ? 'a charge with no idempotency record' : 'a paid operation under a key core never recorded'}: ${op.idempotency_key} (${op.charges} charge(s))`,
      );
    }
  }
  return { intended: jobs.length, executed, charged, duplicated, lost, failed, credits, details };
}
