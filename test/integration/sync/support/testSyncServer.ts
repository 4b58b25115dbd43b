import { afterAll, afterEach, beforeAll } from 'vitest';
import { inviteCode, joinAs, startSyncServerProcess, tempFolder, type Membership, type SyncServerProcess } from './syncServerProcess.ts';

/** A sync server process for the tests of one file (or describe), with what its tests leave to clean up. */
export type TestSyncServer = {
  /** The running server (from the first test on). */
  readonly server: SyncServerProcess;
  /** The server's data folder (its database; the CLI's `--data`). */
  readonly folder: string;
  /** A new member of `space` (made when first named), joined with a code the CLI printed for them. */
  member(space: string, name: string): Promise<Membership>;
  /** Runs after the current test, the last given first. */
  cleanup(...steps: Array<() => unknown>): void;
};

/**
 * Starts a sync server on a fresh data folder before the tests where it is called (a file or a
 * describe), kills it and removes the folder after them, and runs each test's cleanups after it.
 */
export function useSyncServer(prefix: string): TestSyncServer {
  const data = tempFolder(prefix);
  const cleanups: Array<() => unknown> = [];
  let running: SyncServerProcess | null = null;
  beforeAll(async () => {
    running = await startSyncServerProcess(data.path);
  });
  afterEach(async () => {
    for (const step of cleanups.splice(0).reverse()) await step();
  });
  afterAll(async () => {
    await running?.kill();
    data.remove();
  });
  const server = (): SyncServerProcess => {
    if (!running) throw new Error('The sync server has not started yet.');
    return running;
  };
  return {
    get server() {
      return server();
    },
    folder: data.path,
    member: async (space, name) => joinAs(server().httpUrl, (await inviteCode(data.path, space, name)).code),
    cleanup: (...steps) => cleanups.push(...steps),
  };
}
