import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../log/logger.ts';
import type { CoreSpawner } from './coreLink.ts';
import type { CorePort } from './coreProtocol.ts';

/** The argument core's entry looks for before it serves its parent; coreEntry.ts must not be imported here. */
export const CORE_CHILD_ARG = '--cast-studio-core';

/** Core's entry: the TypeScript source where Node strips types (the host, tests), else the bundle beside this one. */
function entryUrl(): URL {
  return new URL(import.meta.url.endsWith('.ts') ? './coreEntry.ts' : './coreEntry.js', import.meta.url);
}

/**
 * Core in a child process of the browser host, as the desktop app runs it in a utility process:
 * its own event loop, so a sync page or a large query never holds up the pages, and its own
 * memory and V8, so whatever ends it (an uncaught error, an out-of-memory, a fault in native or
 * WebAssembly code) ends it alone. The shell's RemoteCore starts it again; the host serves on.
 * Frames go over Node's IPC channel with structured-clone serialization, the same values a
 * MessagePort carries. The child leaves when the channel closes, so a host that is killed does
 * not leave its core behind. `entry` may name core's built bundle (`vite build --mode main` →
 * coreEntry.js), the code the desktop app runs.
 */
export function childProcessCore(log: Logger, entry: URL = entryUrl()): CoreSpawner {
  return () => {
    const child = fork(fileURLToPath(entry), [CORE_CHILD_ARG], {
      serialization: 'advanced',
      // Core needs none of the host's own Node options (a test runner's loaders, an inspector).
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let ending = false;
    const exited = new Promise<{ code: number | null }>((resolve) =>
      child.once('exit', (code, signal) => {
        // An end the shell did not ask for; RemoteCore says what follows (a restart, or giving up).
        if (!ending && code !== 0) log.warn('The core process ended.', { code, signal });
        resolve({ code });
      }),
    );
    child.on('error', (error) => log.error('Cast Studio’s core process could not be started or reached.', { reason: error.message }));
    const port: CorePort = {
      post: (frame) => {
        // A frame sent after the child ended is dropped: RemoteCore settles what waits for it.
        if (child.connected) child.send(frame, (error) => error && log.warn('A frame for core was not sent.', { reason: error.message }));
      },
      listen: (listener) => void child.on('message', listener),
      close: () => child.connected && child.disconnect(),
    };
    return {
      port,
      exited,
      terminate: async () => {
        ending = true;
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
      },
    };
  };
}
