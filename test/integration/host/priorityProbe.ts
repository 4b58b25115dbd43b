/**
 * A probe for core's process that reads the scheduling priority of core's process: once as core
 * loads it (during core's start, before core says it is ready) and again when asked.
 */
import { getPriority } from 'node:os';
import type { Core } from '../../../electron/core/createCore.ts';

const duringStart = getPriority(0);

export async function probe(_core: Core, op: string): Promise<unknown> {
  if (op !== 'priority') throw new Error(`The priority probe knows only "priority", not "${op}".`);
  return { duringStart, now: getPriority(0) };
}
