import { constants, enableCompileCache, flushCompileCache } from 'node:module';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import type { CorePort } from './coreProtocol.ts';
import { CORE_CHILD_ARG } from './coreChild.ts';
import { electronPort, parentProcessPort, type ElectronParentPort } from './corePorts.ts';
import { lowerCorePriority } from './corePriority.ts';
import type { CoreServing } from './serveCore.ts';

/**
 * Core's entry in its child process (browser host) or utility process (desktop app). It imports
 * only Node and the port adapters, so that Node's compile cache is on before core's code (the
 * bundle and its dependencies: zod, undici, ajv…) loads; the cache is per thread and applies only
 * to what loads after it is turned on. Its folder is in the user data folder that the shell's
 * `start` frame names, so this entry holds that frame and whatever follows, turns the cache on,
 * then loads serveCore.ts and hands it the port with the held frames first.
 */

/** How long after ready core writes its compile cache (later than the window's first requests). */
export const CACHE_WRITE_DELAY_MS = 5_000;

/** Where core's compiled code is kept between starts: per user data folder, so each app and each test has its own. */
export function compileCacheDir(userDataDir: string): string {
  return join(userDataDir, 'cache', 'compile');
}

/** A port that keeps the frames arriving before anyone listens and gives them, in order, to its first listener. */
export function holdFrames(port: CorePort): { first: Promise<unknown>; port: CorePort } {
  const held: unknown[] = [];
  let deliver: ((frame: unknown) => void) | null = null;
  let sawFirst: (frame: unknown) => void = () => undefined;
  const first = new Promise<unknown>((resolve) => (sawFirst = resolve));
  port.listen((frame) => {
    sawFirst(frame);
    if (deliver) deliver(frame);
    else held.push(frame);
  });
  return {
    first,
    port: {
      post: (frame) => port.post(frame),
      close: () => port.close(),
      listen: (listener) => {
        deliver = listener;
        for (const frame of held.splice(0)) listener(frame);
      },
    },
  };
}

/** The user data folder a `start` frame names, read without core's schemas (zod is part of what the cache is for). */
function startFrameFolder(frame: unknown): string | null {
  if (typeof frame !== 'object' || frame === null) return null;
  const { type, config } = frame as { type?: unknown; config?: { userDataDir?: unknown } };
  return type === 'start' && typeof config?.userDataDir === 'string' && config.userDataDir !== '' ? config.userDataDir : null;
}

/**
 * Turns Node's compile cache on for this thread's loads. Node keys each entry by the module's
 * path and a hash of its text, under a folder named after Node's version and V8's flags, so
 * another app version's bundle or another Electron recompiles instead of using a stale entry.
 * A cache that cannot be made only costs speed: core starts anyway and says so in the log.
 */
function useCompileCache(userDataDir: string | null): { on: boolean; warnings: CoreServing['warnings'] } {
  if (userDataDir === null) return { on: false, warnings: [] };
  const directory = compileCacheDir(userDataDir);
  // Null when Node gives no reason.
  let reason: string | null;
  try {
    const result = enableCompileCache(directory);
    if (result.status !== constants.compileCacheStatus.FAILED)
      return { on: result.status !== constants.compileCacheStatus.DISABLED, warnings: [] };
    reason = result.message ?? null;
  } catch (error) {
    reason = error instanceof Error ? error.message : String(error);
  }
  return {
    on: false,
    warnings: [{ log: 'Core starts without its compile cache: its folder could not be used.', fields: { directory, reason } }],
  };
}

async function serve(shellPort: CorePort): Promise<void> {
  const { first, port } = holdFrames(shellPort);
  const cache = useCompileCache(startFrameFolder(await first));
  const { serveCore } = await import('./serveCore.ts');
  serveCore(port, {
    warnings: cache.warnings,
    onReady: () => {
      // Node writes the cache when the process ends, but core's process is killed rather than left
      // to end, so it is written while core runs: a little after ready, as a first write takes this
      // thread 0.1–0.7 s (hundreds of files) that the window's first requests should not wait behind.
      if (cache.on) setTimeout(flushCompileCache, CACHE_WRITE_DELAY_MS).unref();
      return lowerCorePriority();
    },
  });
}

// Run as core's child process (browser host) or as Electron's utility process (desktop app): serve
// the port the shell gave. Imported anywhere else (tests), it only exports.
const utilityParent = (process as { parentPort?: ElectronParentPort }).parentPort;
if (isMainThread && process.send && process.argv.includes(CORE_CHILD_ARG)) {
  // A host that ends, however it ends, closes the channel: its core goes with it.
  process.once('disconnect', () => process.exit(0));
  void serve(parentProcessPort());
} else if (utilityParent) {
  utilityParent.once('message', (event) => {
    const [port] = event.ports;
    if (port) void serve(electronPort(port));
  });
}
