/**
 * A probe for core's worker (the browser host's `probe` option): `throw` makes core fail with an
 * uncaught error on its own thread, as a defect in core would, naming a key, the admin token and a
 * path in the home folder that the crash log must not keep.
 */
import { homedir } from 'node:os';
import type { Core } from '../../../electron/core/createCore.ts';

export function probe(_core: Core, op: string, arg: unknown): Promise<unknown> {
  if (op !== 'throw' || typeof arg !== 'string') throw new Error(`The throw probe knows only "throw <admin token>", not "${op}".`);
  setImmediate(() => {
    throw new Error(`Core failed with sk_live_4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c and ${arg} in ${homedir()}/Cast/library.db`);
  });
  return Promise.resolve(null);
}
