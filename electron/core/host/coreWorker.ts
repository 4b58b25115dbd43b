import { Worker } from 'node:worker_threads';
import type { Logger } from '../log/logger.ts';
import { workerPort } from './corePorts.ts';

/** Set in the workerData of core's worker; coreEntry.ts serves only a worker that carries it. */
const CORE_WORKER_MARK = 'cast-studio-core';
import type { CoreSpawner } from './coreLink.ts';

/** Core's entry: the TypeScript source where Node strips types (the host, tests), else the bundle beside this one. */
function entryUrl(): URL {
  return new URL(import.meta.url.endsWith('.ts') ? './coreEntry.ts' : './coreEntry.js', import.meta.url);
}

/**
 * Core in a worker thread of this process (the browser host): its own event loop, so a sync page
 * or a large query never holds up the thread that serves pages. An uncaught error in core ends
 * the worker (and is logged here); the shell's RemoteCore then starts a new one. `entry` may name
 * core's built bundle (`vite build --mode main` → coreEntry.js), the code the desktop app runs.
 */
export function workerThreadCore(log: Logger, entry: URL = entryUrl()): CoreSpawner {
  return () => {
    // Its name is the thread's id in inspectors and heap snapshots, not words for a person.
    const worker = new Worker(entry, { name: CORE_WORKER_MARK, workerData: CORE_WORKER_MARK });
    // Without a listener, a worker's uncaught error would end this process too.
    worker.on('error', (error: unknown) =>
      log.error('Cast Studio’s core failed.', { reason: error instanceof Error ? error.message : String(error) }),
    );
    const exited = new Promise<{ code: number | null }>((resolve) => worker.once('exit', (code) => resolve({ code })));
    return {
      port: workerPort(worker),
      exited,
      terminate: async () => {
        await worker.terminate();
      },
    };
  };
}
