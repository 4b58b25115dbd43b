/** A probe for core's process: where its compile cache is, as Node reports it (undefined when it is off). */
import { getCompileCacheDir } from 'node:module';
import type { Core } from '../../../electron/core/createCore.ts';

export async function probe(_core: Core, op: string): Promise<unknown> {
  if (op !== 'compileCacheDir') throw new Error(`The compile cache probe knows only "compileCacheDir", not "${op}".`);
  return getCompileCacheDir() ?? null;
}
