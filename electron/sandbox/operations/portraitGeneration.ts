import { charge } from '../credits.ts';
import { jobDurationMs } from '../jobTiming.ts';
import { insertGeneration } from '../repos/generationRepo.ts';
import type { Services } from '../services.ts';

export type PortraitGeneration = {
  generationId: string;
  userId: string;
  characterId: string;
  version: number;
  /** characters.create or characters.regenerate. */
  operation: string;
  prompt: string | null;
  options: Record<string, unknown>;
  credits: number;
  /** The ledger line the charge shows. */
  description: string;
  operationKey: string | null;
  now: Date;
};

/**
 * spec 4.1: creating or regenerating a character starts one character_create generation that
 * renders the version's portraits. It is processing at once, due after the character job time, and
 * charged inside the caller's transaction. Returns the balance left.
 */
export function startPortraitGeneration(s: Services, p: PortraitGeneration): number {
  insertGeneration(s.db, {
    id: p.generationId,
    userId: p.userId,
    characterId: p.characterId,
    characterVersion: p.version,
    type: 'character_create',
    operation: p.operation,
    status: 'processing',
    prompt: p.prompt,
    model: null,
    options: p.options,
    creditsUsed: p.credits,
    dueMs: p.now.getTime() + jobDurationMs(s.speed, 'character'),
    now: p.now,
  });
  return charge(s.db, {
    userId: p.userId,
    amount: p.credits,
    description: p.description,
    resourceId: p.generationId,
    operationKey: p.operationKey,
    now: p.now,
  });
}
