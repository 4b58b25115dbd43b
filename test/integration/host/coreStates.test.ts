import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../shared/ipc/events.ts';
import { workerThreadCore } from '../../../electron/core/host/coreWorker.ts';
import { CORE_STATES, startRemoteCore, type ShellCore } from '../../../electron/core/host/remoteCore.ts';
import type { LogFields, Logger } from '../../../electron/core/log/logger.ts';
import { MemoryKeychain } from '../../support/memoryKeychain.ts';

type Line = { level: string; message: string; fields: LogFields | undefined };

function recordingLog(): Logger & { lines: Line[] } {
  const lines: Line[] = [];
  const line = (level: string) => (message: string, fields?: LogFields) => void lines.push({ level, message, fields });
  return { lines, info: line('info'), warn: line('warn'), error: line('error') };
}

function until<T>(what: string, probe: () => T | undefined, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const tick = () => {
      const value = probe();
      if (value !== undefined) return resolve(value);
      if (Date.now() > deadline) return reject(new Error(`Timed out waiting for ${what}.`));
      setTimeout(tick, 20);
    };
    tick();
  });
}

/**
 * Core in a real worker thread on a real library, crashed from inside (the crash probe ends its
 * thread as an uncaught failure would): the page is told each step through `core.changed`, with a
 * sentence, and the shell stops starting core once it keeps ending.
 */
describe('what the page is told when core ends', () => {
  const log = recordingLog();
  const told: EventPayload<'core.changed'>[] = [];
  let userDataDir: string;
  let core: ShellCore;

  beforeAll(async () => {
    userDataDir = mkdtempSync(join(tmpdir(), 'cast-core-states-'));
    core = await startRemoteCore({
      spawn: workerThreadCore(log),
      config: { userDataDir, host: 'browser', mediaBase: '/media/', probe: new URL('./crashProbe.ts', import.meta.url).href },
      keychain: new MemoryKeychain(),
      log,
      maxRestarts: 2,
    });
    core.router.subscribe((event, payload) => {
      if (event === 'core.changed') told.push(payload as EventPayload<'core.changed'>);
    });
  });
  afterAll(async () => {
    await core?.stop();
    rmSync(userDataDir, { recursive: true, force: true });
  });

  const crash = async (expected: number) => {
    await core.probe('crash');
    await until(`${expected} core.changed events`, () => (told.length >= expected ? told : undefined));
  };

  it('says restarting, then running, and the restarted core answers', async () => {
    await crash(2);
    expect(told).toEqual([CORE_STATES.restarting, CORE_STATES.running]);
    expect(told.map((each) => each.state)).toEqual(['restarting', 'running']);
    const info = await core.router.handle('app.info', {});
    expect(info).toMatchObject({ ok: true, value: { host: 'browser' } });
  });

  it('says stopped, with what to do, once core keeps ending, and then answers every request with that sentence', async () => {
    await crash(4);
    await crash(5);
    expect(told.map((each) => each.state)).toEqual(['restarting', 'running', 'restarting', 'running', 'stopped']);
    expect(told.at(-1)?.message).toMatch(/Quit Cast Studio and open it again/);
    const reply = await core.router.handle('app.info', {});
    expect(reply).toMatchObject({ ok: false, error: { code: 'core_stopped', message: expect.stringMatching(/open it again/) } });
  });
});
