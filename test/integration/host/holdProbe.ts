/**
 * A probe for core's worker that holds core's thread: `hold` (arg: `{ ms, marker }`) writes the
 * marker file, so the test knows core's thread is taken, then keeps the thread busy for `ms`
 * without yielding, as a long query or a sync page would, and answers when it lets go.
 */
import { writeFileSync } from 'node:fs';
import type { Core } from '../../../electron/core/createCore.ts';

export async function probe(_core: Core, op: string, arg: unknown): Promise<unknown> {
  if (op !== 'hold') throw new Error(`The hold probe knows only "hold", not "${op}".`);
  const { ms, marker } = arg as { ms: number; marker: string };
  writeFileSync(marker, String(Date.now()));
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Busy on purpose: nothing else runs on core's thread meanwhile.
  }
  return { held: ms };
}
