import { mkdtempSync, rmSync } from 'node:fs';
import { constants, getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childProcessCore } from '../../../electron/core/host/coreChild.ts';
import { startRemoteCore, type ShellCore } from '../../../electron/core/host/remoteCore.ts';
import { silentLogger } from '../../../electron/core/log/logger.ts';
import { MemoryKeychain } from '../../support/memoryKeychain.ts';

/**
 * Core in a real child process on a real library: the window waits for core's start, so core
 * starts at the shell's priority, and yields the processor (below normal) once it is ready.
 */
describe('the priority of core’s process', () => {
  let userDataDir: string;
  let core: ShellCore;
  const shell = getPriority(0);

  beforeAll(async () => {
    userDataDir = mkdtempSync(join(tmpdir(), 'cast-core-priority-'));
    core = await startRemoteCore({
      spawn: childProcessCore(silentLogger),
      config: { userDataDir, host: 'browser', mediaBase: '/media/', probe: new URL('./priorityProbe.ts', import.meta.url).href },
      keychain: new MemoryKeychain(),
      log: silentLogger,
    });
  });
  afterAll(async () => {
    await core?.stop();
    rmSync(userDataDir, { recursive: true, force: true });
  });

  it('is the shell’s while core starts and below normal once core is ready', async () => {
    const seen = (await core.probe('priority')) as { duringStart: number; now: number };
    expect(seen.duringStart).toBe(shell);
    expect(seen.now).toBe(Math.max(shell, constants.priority.PRIORITY_BELOW_NORMAL));
    // The shell's own process is not lowered with it.
    expect(getPriority(0)).toBe(shell);
  });
});
