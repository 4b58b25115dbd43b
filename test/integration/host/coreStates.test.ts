import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../shared/ipc/events.ts';
import type { CorePort } from '../../../electron/core/host/coreProtocol.ts';
import { childProcessCore } from '../../../electron/core/host/coreChild.ts';
import { CORE_STATES, startRemoteCore, type CoreSpawner, type ShellCore } from '../../../electron/core/host/remoteCore.ts';
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
 * Core in a real child process on a real library, crashed from inside (the crash probe ends its
 * process as an uncaught failure would): the page is told each step through `core.changed`, with a
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
      spawn: childProcessCore(log),
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
    expect(await core.router.handle('shell.coreState', {})).toEqual({ ok: true, value: CORE_STATES.started });
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
    expect(told.at(-1)?.notice).toBe('stopped');
    const reply = await core.router.handle('app.info', {});
    expect(reply).toMatchObject({ ok: false, error: { code: 'core_stopped', params: {} } });
    // A page that connects now asks the shell, which still answers.
    expect(await core.router.handle('shell.coreState', {})).toEqual({ ok: true, value: CORE_STATES.stopped });
  });

  it('starts core again when the person asks, on the same library, with a fresh budget of restarts', async () => {
    const before = told.length;
    expect(await core.router.handle('shell.restartCore', {})).toEqual({ ok: true, value: CORE_STATES.startingAgain });
    await until('core running again', () => (told.length >= before + 2 ? told : undefined));
    expect(told.slice(before)).toEqual([CORE_STATES.startingAgain, CORE_STATES.running]);
    expect(await core.router.handle('app.info', {})).toMatchObject({ ok: true, value: { host: 'browser' } });
    // Asked again while core runs, the shell changes nothing.
    expect(await core.router.handle('shell.restartCore', {})).toEqual({ ok: true, value: CORE_STATES.running });

    // A crash now is started again, not given up: the ask gave core its restarts back.
    await crash(before + 4);
    expect(told.slice(before + 2).map((each) => each.state)).toEqual(['restarting', 'running']);
    expect(await core.router.handle('app.info', {})).toMatchObject({ ok: true });
  });
});

/**
 * Core's processes started as the browser host starts them, except that each core after the
 * first gets a start it cannot finish: a data folder that is a file (core's start throws, its
 * process lives on) or no start frame at all (core waits for ever). Either way the shell counts
 * the start as failed, and once core keeps failing the page is told `stopped`, not `restarting`
 * for ever; every process it started has ended, and the shell stops at once.
 */
describe.each([
  ['throws during its start without ending', 'fails'],
  ['never becomes ready', 'hangs'],
] as const)('what the page is told when core started again %s', (_name, restart) => {
  const log = recordingLog();
  const told: EventPayload<'core.changed'>[] = [];
  const exits: Promise<unknown>[] = [];
  let userDataDir: string;
  let core: ShellCore;

  /** Core's process as the host starts it; after the first, its start frame as the test spoils it. */
  const spawner =
    (spawnCore: CoreSpawner, notAFolder: string): CoreSpawner =>
    () => {
      const process = spawnCore();
      exits.push(process.exited);
      if (exits.length === 1) return process;
      const post: CorePort['post'] = (frame) => {
        if (frame.type !== 'start') return process.port.post(frame);
        if (restart === 'fails') process.port.post({ ...frame, config: { ...frame.config, userDataDir: notAFolder } });
      };
      return { ...process, port: { ...process.port, post } };
    };

  beforeAll(async () => {
    userDataDir = mkdtempSync(join(tmpdir(), 'cast-core-restart-'));
    const notAFolder = join(userDataDir, 'not-a-folder');
    writeFileSync(notAFolder, 'a file where core expects its data folder');
    core = await startRemoteCore({
      spawn: spawner(childProcessCore(log), notAFolder),
      config: { userDataDir, host: 'browser', mediaBase: '/media/', probe: new URL('./crashProbe.ts', import.meta.url).href },
      keychain: new MemoryKeychain(),
      log,
      maxRestarts: 2,
      // A spoiled start fails as soon as core's process has loaded, however slow the machine; a held one never ends by itself.
      restartReadyMs: restart === 'fails' ? 120_000 : 3_000,
      stopGraceMs: 30_000,
    });
    core.router.subscribe((event, payload) => {
      if (event === 'core.changed') told.push(payload as EventPayload<'core.changed'>);
    });
  });
  afterAll(async () => {
    await core?.stop();
    rmSync(userDataDir, { recursive: true, force: true });
  });

  it('counts each failed start toward the limit, says stopped once given up, and ends every core it started', async () => {
    await core.probe('crash');
    await until('core.changed stopped', () => (told.at(-1)?.state === 'stopped' ? told : undefined), 50_000);
    expect(told).toEqual([CORE_STATES.restarting, CORE_STATES.stopped]);
    expect(exits).toHaveLength(3);
    const reasons = log.lines
      .filter((line) => line.message.startsWith('Cast Studio’s core keeps'))
      .map((line) => String(line.fields?.reason));
    expect(reasons).toEqual([restart === 'fails' ? expect.stringMatching(/not-a-folder/) : 'Cast Studio’s core was not ready within 3 s.']);
    await Promise.all(exits);
    expect(await core.router.handle('app.info', {})).toMatchObject({ ok: false, error: { code: 'core_stopped' } });
    expect(await core.router.handle('shell.coreState', {})).toEqual({ ok: true, value: CORE_STATES.stopped });

    const begun = Date.now();
    await core.stop();
    expect(Date.now() - begun).toBeLessThan(5_000);
  });
});

/**
 * Core's process started as the browser host starts it, but its start frame held back: the
 * first start never becomes ready. Past `firstReadyMs` the shell's start fails with a sentence and
 * the process has ended; nothing is left waiting.
 */
describe('a first start of core that is never ready', () => {
  it('fails the shell’s start with a sentence once past its time, and ends core’s process', async () => {
    const log = recordingLog();
    const userDataDir = mkdtempSync(join(tmpdir(), 'cast-core-first-'));
    const exits: Promise<unknown>[] = [];
    const spawnCore = childProcessCore(log);
    const spawn: CoreSpawner = () => {
      const process = spawnCore();
      exits.push(process.exited);
      const post: CorePort['post'] = (frame) => (frame.type === 'start' ? undefined : process.port.post(frame));
      return { ...process, port: { ...process.port, post } };
    };
    try {
      const begun = Date.now();
      await expect(
        startRemoteCore({
          spawn,
          config: { userDataDir, host: 'browser', mediaBase: '/media/' },
          keychain: new MemoryKeychain(),
          log,
          firstReadyMs: 2_000,
        }),
      ).rejects.toThrow('Cast Studio’s core did not start within 2 s.');
      expect(exits).toHaveLength(1);
      await Promise.all(exits);
      expect(Date.now() - begun).toBeLessThan(20_000);
    } finally {
      rmSync(userDataDir, { recursive: true, force: true });
    }
  });
});
