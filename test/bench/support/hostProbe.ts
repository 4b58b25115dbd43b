/**
 * What the event-loop benchmark asks of core inside its worker (the browser host's `probe` option):
 * a sync, and a full sync with the library's counts after it. The host's thread only relays.
 */
import { performance } from 'node:perf_hooks';
import type { Core } from '../../../electron/core/createCore.ts';

export async function probe(core: Core, op: string): Promise<unknown> {
  const session = core.session();
  if (!session) throw new Error('No session is open.');
  switch (op) {
    case 'sync':
      await session.sync.run();
      return null;
    case 'fullSync': {
      const t0 = performance.now();
      await session.sync.run({ full: true });
      const library = session.library;
      return {
        seconds: (performance.now() - t0) / 1000,
        generations: library.get<{ n: number }>('SELECT count(*) AS n FROM generations')?.n ?? 0,
        downloads: library.all<{ state: string; n: number }>('SELECT state, count(*) AS n FROM downloads GROUP BY state'),
      };
    }
    default:
      throw new Error(`The benchmark's probe knows no "${op}".`);
  }
}
