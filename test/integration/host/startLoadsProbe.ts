/** A probe for core's worker: the Node modules this thread has loaded so far, by name (`tls`, `zlib`…). */
import type { Core } from '../../../electron/core/createCore.ts';

export async function probe(_core: Core, op: string): Promise<unknown> {
  if (op !== 'builtins') throw new Error(`The start loads probe knows only "builtins", not "${op}".`);
  // Node lists each of its own modules as it loads it, per thread: `NativeModule tls`, `NativeModule internal/…`.
  const list = (process as unknown as { moduleLoadList: string[] }).moduleLoadList;
  return list.filter((entry) => entry.startsWith('NativeModule ')).map((entry) => entry.slice('NativeModule '.length));
}
