import { SandboxLedger } from '../../../shared/api/index.ts';
import type { SandboxHandle } from '../../support/sandboxProcess.ts';

export type LedgerOperation = { idempotency_key: string; resource_id: string | null; charges: number; credits: number };

/** The sandbox's own count of charges per Idempotency-Key (GET /sandbox/ledger, admin token). */
export async function ledger(sandbox: SandboxHandle): Promise<LedgerOperation[]> {
  const answer = await sandbox.request('GET', '/sandbox/ledger');
  if (answer.status !== 200) throw new Error(`ledger answered ${answer.status}`);
  return SandboxLedger.parse(answer.body).data.operations;
}
