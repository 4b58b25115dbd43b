/**
 * A probe for core's worker (the browser host's `probe` option) that can only end it: `crash`
 * exits the worker's thread with code 70, as an uncaught failure in core would end it.
 */
import type { Core } from '../../../electron/core/createCore.ts';

export async function probe(_core: Core, op: string): Promise<unknown> {
  if (op !== 'crash') throw new Error(`The crash probe knows only "crash", not "${op}".`);
  setImmediate(() => process.exit(70));
  return null;
}
