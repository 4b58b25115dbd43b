/**
 * A probe for core's process (the browser host's `probe` option) that can only end it:
 * - `crash` exits core's process with code 70, as an uncaught failure in core would end it;
 * - `crashAt` (arg: a command's name) arms core to exit the same way when that command next
 *   arrives, so that the request is in flight when core ends.
 */
import type { Core } from '../../../electron/core/createCore.ts';

export async function probe(core: Core, op: string, arg: unknown): Promise<unknown> {
  if (op === 'crash') {
    setImmediate(() => process.exit(70));
    return null;
  }
  if (op === 'crashAt' && typeof arg === 'string') {
    const router = core.router;
    const handle = router.handle.bind(router);
    Object.defineProperty(router, 'handle', {
      configurable: true,
      value: (command: string, input: unknown) => (command === arg ? process.exit(70) : handle(command as never, input as never)),
    });
    return null;
  }
  throw new Error(`The crash probe knows only "crash" and "crashAt <command>", not "${op}".`);
}
