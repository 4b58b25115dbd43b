import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { serveCore } from '../../../../../electron/core/host/serveCore.ts';
import { CoreLink, type CoreProcess } from '../../../../../electron/core/host/coreLink.ts';
import { channelPort } from '../../../../../electron/core/host/corePorts.ts';
import type { CoreStartConfig } from '../../../../../electron/core/host/coreProtocol.ts';
import { CORE_STATES, CoreNotReadyError, startRemoteCore } from '../../../../../electron/core/host/remoteCore.ts';
import type { LogFields, Logger } from '../../../../../electron/core/log/logger.ts';
import { MemoryKeychain } from '../../../../support/memoryKeychain.ts';
import { tempDir } from '../support/tempDir.ts';

type Line = { level: string; message: string; fields: LogFields | undefined };
type Frame = Record<string, unknown> & { type: string; id?: number };

/** A log that keeps its lines. */
function recordingLog(): Logger & { lines: Line[] } {
  const lines: Line[] = [];
  const line = (level: string) => (message: string, fields?: LogFields) => void lines.push({ level, message, fields });
  return { lines, info: line('info'), warn: line('warn'), error: line('error') };
}

/**
 * A core played by the test on the far end of a real MessageChannel: it answers the start frame
 * with `ready` (or `answerStart`; null: it never answers, a start that hangs) and, once ready,
 * `stop` with `stopped` (as core does: one whose start failed or hangs answers no stop), and hands
 * every other frame to `onFrame`; `end(code)` is the thread dying.
 */
class ScriptedCore {
  readonly port: MessagePort;
  readonly shellEnd: MessagePort;
  readonly received: Frame[] = [];
  ended = false;
  onFrame: (frame: Frame, port: MessagePort) => void = () => undefined;
  private endWith: (exit: { code: number | null }) => void = () => undefined;

  constructor(answerStart: Frame | null = { type: 'ready' }) {
    const { port1, port2 } = new MessageChannel();
    this.port = port2;
    this.shellEnd = port1;
    port2.on('message', (frame: Frame) => {
      this.received.push(frame);
      if (frame.type === 'start') {
        if (answerStart) port2.postMessage(answerStart);
      } else if (frame.type === 'stop') {
        if (answerStart?.type === 'ready') port2.postMessage({ type: 'stopped', id: frame.id });
      } else this.onFrame(frame, port2);
    });
  }

  process(): CoreProcess {
    return {
      port: channelPort(this.shellEnd),
      exited: new Promise((resolve) => (this.endWith = resolve)),
      terminate: async () => this.end(0),
    };
  }

  end(code: number | null): void {
    this.ended = true;
    this.port.close();
    this.endWith({ code });
  }
}

/** What a shell tells core at start, as these tests' shells do: `userDataDir` where a test needs a folder of its own. */
function startConfig(userDataDir = '/nowhere'): CoreStartConfig {
  return { userDataDir, host: 'browser', mediaBase: '/media/', keyStorage: 'memory', sandbox: false };
}

const channels: MessagePort[] = [];
afterEach(() => {
  for (const port of channels.splice(0)) port.close();
});

function until<T>(what: string, probe: () => T | undefined, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const tick = () => {
      const value = probe();
      if (value !== undefined) return resolve(value);
      if (Date.now() > deadline) return reject(new Error(`Timed out waiting for ${what}.`));
      setTimeout(tick, 10);
    };
    tick();
  });
}

describe('core behind a port (the shell side)', () => {
  const config = { userDataDir: '/nowhere', host: 'browser' as const, mediaBase: '/media/' };

  it('relays invokes and events, and keeps the shell’s own commands in the shell', async () => {
    const core = new ScriptedCore();
    core.onFrame = (frame, port) => {
      if (frame.type !== 'invoke') return;
      port.postMessage({ type: 'reply', id: frame.id, reply: { ok: true, value: { echoed: frame.command } } });
      port.postMessage({ type: 'event', name: 'credits.changed', json: '{"count":1}' });
    };
    const log = recordingLog();
    const remote = await startRemoteCore({ spawn: () => core.process(), config, keychain: new MemoryKeychain(), log });
    const texts: string[] = [];
    const objects: unknown[] = [];
    remote.router.subscribeJson?.((event, json) => texts.push(`${event} ${json}`));
    remote.router.subscribe((_event, payload) => objects.push(payload));

    expect(await remote.router.handle('jobs.pause', {})).toEqual({ ok: true, value: { echoed: 'jobs.pause' } });
    await until('the event', () => (texts.length > 0 ? texts : undefined));
    expect(texts).toEqual(['credits.changed {"count":1}']);
    expect(objects).toEqual([{ count: 1 }]);

    remote.router.register('shell.openExternal', async () => ({ ok: true as const }));
    expect(await remote.router.handle('shell.openExternal', { url: 'https://example.com' })).toEqual({ ok: true, value: { ok: true } });
    expect(core.received.filter((frame) => frame.type === 'invoke').map((frame) => frame.command)).toEqual(['jobs.pause']);
    await remote.stop();
  });

  it('hands a reply on before an event core sent after it, when both arrive in one turn', async () => {
    // Node's IPC channel (core in its child process) emits every message it has read in one go,
    // before any promise reaction runs: here, a reply and the event of a change made just after it.
    let deliver: (frame: unknown) => void = () => undefined;
    const port: CoreProcess['port'] = {
      listen: (listener) => void (deliver = listener),
      post: (frame) => {
        if (frame.type === 'start') process.nextTick(() => deliver({ type: 'ready' }));
        if (frame.type !== 'invoke') return;
        process.nextTick(() => {
          deliver({ type: 'reply', id: frame.id, reply: { ok: true, value: { onboarded: false } } });
          deliver({ type: 'event', name: 'connection.changed', json: '{"onboarded":true}' });
        });
      },
      close: () => undefined,
    };
    const seen: string[] = [];
    const shell = { keychain: new MemoryKeychain(), log: recordingLog() };
    const link = new CoreLink(
      { port, exited: new Promise(() => undefined), terminate: async () => undefined },
      startConfig(),
      shell,
      (name, json) => seen.push(`${name} ${json}`),
    );
    await link.ready;
    // As the bridge hands a reply to a page: a few promise reactions after it settles.
    await link
      .invoke('connection.get', {})
      .then((reply) => reply)
      .then((reply) => seen.push(`reply ${JSON.stringify(reply)}`));
    await until('the event', () => (seen.length > 1 ? seen : undefined));
    expect(seen).toEqual(['reply {"ok":true,"value":{"onboarded":false}}', 'connection.changed {"onboarded":true}']);
  });

  it('refuses a malformed frame from core with a clear error, and answers the request it claimed to answer', async () => {
    const core = new ScriptedCore();
    core.onFrame = (frame, port) => {
      if (frame.type === 'invoke') port.postMessage({ type: 'reply', id: frame.id, reply: { ok: 'perhaps' } });
    };
    const log = recordingLog();
    const remote = await startRemoteCore({ spawn: () => core.process(), config, keychain: new MemoryKeychain(), log });
    core.port.postMessage({ type: 'event', name: 'not.an.event', json: '{}' });
    core.port.postMessage('hello');

    const reply = await remote.router.handle('jobs.pause', {});
    expect(reply).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    await until('three refusals', () => (log.lines.length >= 3 ? log.lines : undefined));
    expect(log.lines.map((line) => [line.level, line.message, line.fields?.frame])).toEqual([
      ['error', 'Cast Studio refused a malformed frame from its core.', 'event'],
      ['error', 'Cast Studio refused a malformed frame from its core.', 'string'],
      ['error', 'Cast Studio refused a malformed frame from its core.', 'reply'],
    ]);
    expect(String(log.lines[0]?.fields?.reason)).toMatch(/^name: /);
    await remote.stop();
  });

  it('answers core’s keychain calls from the shell’s keychain and never logs the key', async () => {
    const core = new ScriptedCore();
    const answers: Frame[] = [];
    core.onFrame = (frame) => void (frame.type === 'answer' && answers.push(frame));
    const keychain = new MemoryKeychain();
    await keychain.set('profile-1', 'sk_live_0123456789abcdef');
    const log = recordingLog();
    await startRemoteCore({ spawn: () => core.process(), config, keychain, log });

    core.port.postMessage({ type: 'call', id: 7, call: { name: 'keychain.get', account: 'profile-1' } });
    core.port.postMessage({ type: 'call', id: 8, call: { name: 'sandbox.launch', dataDir: '/x', apiKey: null } });
    await until('two answers', () => (answers.length === 2 ? answers : undefined));
    expect(answers[0]).toEqual({
      type: 'answer',
      id: 7,
      outcome: { ok: true, value: { secret: 'sk_live_0123456789abcdef', storage: 'memory' } },
    });
    expect(answers[1]).toMatchObject({ id: 8, outcome: { ok: false, error: { code: 'no_sandbox' } } });
    expect(JSON.stringify(log.lines)).not.toContain('sk_live_');
  });

  it('fails the start with core’s own sentence when core cannot start', async () => {
    const core = new ScriptedCore({ type: 'startFailed', message: 'Another Cast Studio is using this data folder.' });
    await expect(
      startRemoteCore({ spawn: () => core.process(), config, keychain: new MemoryKeychain(), log: recordingLog() }),
    ).rejects.toThrow('Another Cast Studio is using this data folder.');
  });

  it('fails the start, and ends that core, when the first core is not ready in time', async () => {
    const core = new ScriptedCore(null);
    const begun = Date.now();
    const failed = await startRemoteCore({
      spawn: () => core.process(),
      config,
      keychain: new MemoryKeychain(),
      log: recordingLog(),
      firstReadyMs: 200,
    }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(CoreNotReadyError);
    expect(failed).toMatchObject({ limitMs: 200, message: 'Cast Studio’s core did not start within 0.2 s.' });
    expect(Date.now() - begun).toBeLessThan(5_000);
    expect(core.ended).toBe(true);
    expect(core.received.map((frame) => frame.type)).toEqual(['start', 'stop']);
  });

  it('waits for a first core that is slow but ready within its time', async () => {
    const core = new ScriptedCore(null);
    const starting = startRemoteCore({
      spawn: () => core.process(),
      config,
      keychain: new MemoryKeychain(),
      log: recordingLog(),
      firstReadyMs: 5_000,
      // This scripted core answers no stop (its start frame went unanswered): the stop ends it after this grace.
      stopGraceMs: 200,
    });
    await until('the start frame', () => core.received.find((frame) => frame.type === 'start'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    core.port.postMessage({ type: 'ready' });
    const remote = await starting;
    expect(core.ended).toBe(false);
    expect(await remote.router.handle('shell.coreState', {})).toEqual({ ok: true, value: CORE_STATES.started });
    await remote.stop();
  });

  it('reports a core that dies, answers what it had in flight, and starts it again', async () => {
    const cores: ScriptedCore[] = [];
    const log = recordingLog();
    const remote = await startRemoteCore({
      spawn: () => {
        const core = new ScriptedCore();
        // The first core never answers; the second answers at once.
        if (cores.length > 0)
          core.onFrame = (frame, port) =>
            frame.type === 'invoke' && port.postMessage({ type: 'reply', id: frame.id, reply: { ok: true, value: 'again' } });
        cores.push(core);
        return core.process();
      },
      config,
      keychain: new MemoryKeychain(),
      log,
    });
    const told: unknown[] = [];
    remote.router.subscribe((event, payload) => event === 'core.changed' && told.push(payload));
    const inFlight = remote.router.handle('jobs.list', {});
    await until('the invoke to arrive', () => cores[0]?.received.find((frame) => frame.type === 'invoke'));
    cores[0]?.end(1);

    expect(await inFlight).toMatchObject({ ok: false, error: { code: 'core_restarted' } });
    expect(await remote.router.handle('jobs.list', {})).toEqual({ ok: true, value: 'again' });
    expect(told).toEqual([CORE_STATES.restarting, CORE_STATES.running]);
    expect(cores).toHaveLength(2);
    expect(log.lines.map((line) => [line.level, line.message])).toEqual([
      ['error', 'Cast Studio’s core stopped unexpectedly; starting it again.'],
      ['info', 'Cast Studio’s core is running again.'],
    ]);
    await remote.stop();
  });
});

/** A shell whose first core starts and whose cores after it answer their start with `restartAnswer` (null: never). */
async function shellWithFailingRestarts(restartAnswer: Frame | null, options: { restartReadyMs?: number; stopGraceMs?: number } = {}) {
  const cores: ScriptedCore[] = [];
  const log = recordingLog();
  const remote = await startRemoteCore({
    spawn: () => {
      const core = new ScriptedCore(cores.length === 0 ? { type: 'ready' } : restartAnswer);
      cores.push(core);
      return core.process();
    },
    config: { userDataDir: '/nowhere', host: 'browser', mediaBase: '/media/' },
    keychain: new MemoryKeychain(),
    log,
    maxRestarts: 3,
    ...options,
  });
  const told: unknown[] = [];
  remote.router.subscribe((event, payload) => event === 'core.changed' && told.push(payload));
  return { remote, cores, log, told };
}

/**
 * A shell whose first core starts and whose cores after it answer their start as `answers.restart`
 * says at the time (null: never), and answer every invoke with `again`.
 */
async function shellWithScriptedRestarts(answers: { restart: Frame | null }, restartReadyMs = 200) {
  const cores: ScriptedCore[] = [];
  const log = recordingLog();
  const remote = await startRemoteCore({
    spawn: () => {
      const core = new ScriptedCore(cores.length === 0 ? { type: 'ready' } : answers.restart);
      core.onFrame = (frame, port) =>
        frame.type === 'invoke' && port.postMessage({ type: 'reply', id: frame.id, reply: { ok: true, value: 'again' } });
      cores.push(core);
      return core.process();
    },
    config: { userDataDir: '/nowhere', host: 'browser', mediaBase: '/media/' },
    keychain: new MemoryKeychain(),
    log,
    maxRestarts: 2,
    restartReadyMs,
    // A core still starting answers no stop: the shell's own stop ends it after this grace.
    stopGraceMs: 200,
  });
  const told: unknown[] = [];
  remote.router.subscribe((event, payload) => event === 'core.changed' && told.push(payload));
  return { remote, cores, log, told };
}

describe('starting core again when the person asks', () => {
  it('changes nothing while core runs or is starting again, and says so', async () => {
    // The start again hangs for longer than the test takes: core stays `restarting`.
    const { remote, cores, told } = await shellWithScriptedRestarts({ restart: null }, 60_000);
    expect(await remote.router.handle('shell.restartCore', {})).toEqual({ ok: true, value: CORE_STATES.started });
    expect(cores).toHaveLength(1);

    cores[0]?.end(1);
    await until('the start again', () => cores[1]?.received.find((frame) => frame.type === 'start'));
    expect(await remote.router.handle('shell.restartCore', {})).toEqual({ ok: true, value: CORE_STATES.restarting });
    expect(cores).toHaveLength(2);
    expect(told).toEqual([CORE_STATES.restarting]);
    await remote.stop();
  });

  it('starts a core given up on again, with a fresh budget of restarts, and core answers again', async () => {
    const answers: { restart: Frame | null } = { restart: { type: 'startFailed', message: 'The library could not be opened.' } };
    const { remote, cores, log, told } = await shellWithScriptedRestarts(answers, 10_000);
    cores[0]?.end(1);
    await until('stopped', () => (told.length === 2 ? told : undefined));
    expect(cores).toHaveLength(3);

    answers.restart = { type: 'ready' };
    expect(await remote.router.handle('shell.restartCore', {})).toEqual({ ok: true, value: CORE_STATES.startingAgain });
    expect(await remote.router.handle('jobs.list', {})).toEqual({ ok: true, value: 'again' });
    expect(told).toEqual([CORE_STATES.restarting, CORE_STATES.stopped, CORE_STATES.startingAgain, CORE_STATES.running]);
    expect(await remote.router.handle('shell.coreState', {})).toEqual({ ok: true, value: CORE_STATES.running });
    expect(cores).toHaveLength(4);
    expect(log.lines.slice(-2).map((line) => [line.level, line.message])).toEqual([
      ['info', 'Starting Cast Studio’s core again, as asked.'],
      ['info', 'Cast Studio’s core is running again.'],
    ]);

    // The budget is whole again: the next crash is started again, not given up.
    cores[3]?.end(1);
    await until('running again', () => (told.length === 6 ? told : undefined));
    expect(told.slice(4)).toEqual([CORE_STATES.restarting, CORE_STATES.running]);
    expect(await remote.router.handle('jobs.list', {})).toEqual({ ok: true, value: 'again' });
    await remote.stop();
  });

  it('gives core up again, and says so, when the starts the person asked for fail too', async () => {
    const answers: { restart: Frame | null } = { restart: null };
    const { remote, cores, told } = await shellWithScriptedRestarts(answers);
    cores[0]?.end(1);
    await until('stopped', () => (told.length === 2 ? told : undefined));

    expect(await remote.router.handle('shell.restartCore', {})).toEqual({ ok: true, value: CORE_STATES.startingAgain });
    expect(await remote.router.handle('jobs.list', {})).toMatchObject({ ok: false, error: { code: 'core_stopped' } });
    expect(told).toEqual([CORE_STATES.restarting, CORE_STATES.stopped, CORE_STATES.startingAgain, CORE_STATES.stopped]);
    // Two starts before the ask, two after it, each ended once it was late.
    expect(cores).toHaveLength(5);
    expect(cores.every((core) => core.ended)).toBe(true);
    await remote.stop();
  });
});

describe('a core that does not start again', () => {
  it('counts each start that fails without ending as a failed restart and, given up, says stopped', async () => {
    const { remote, cores, log, told } = await shellWithFailingRestarts({
      type: 'startFailed',
      message: 'The library could not be opened.',
    });
    expect(await remote.router.handle('shell.coreState', {})).toEqual({ ok: true, value: CORE_STATES.started });
    cores[0]?.end(1);

    await until('stopped', () => (told.length === 2 ? told : undefined));
    expect(told).toEqual([CORE_STATES.restarting, CORE_STATES.stopped]);
    // The first core and three starts again, each ended by the shell once it failed.
    expect(cores.map((core) => core.ended)).toEqual([true, true, true, true]);
    expect(log.lines.map((line) => [line.level, line.message, line.fields])).toEqual([
      ['error', 'Cast Studio’s core stopped unexpectedly; starting it again.', { code: 1 }],
      ['error', 'Cast Studio’s core did not start; starting it again.', { reason: 'The library could not be opened.' }],
      ['error', 'Cast Studio’s core did not start; starting it again.', { reason: 'The library could not be opened.' }],
      ['error', 'Cast Studio’s core keeps stopping; it is not started again.', { reason: 'The library could not be opened.' }],
    ]);
    expect(await remote.router.handle('jobs.list', {})).toMatchObject({ ok: false, error: { code: 'core_stopped' } });
    expect(await remote.router.handle('shell.coreState', {})).toEqual({ ok: true, value: CORE_STATES.stopped });
    await remote.stop();
  });

  it('counts a start that is not ready in time as failed, and answers what waited for it', async () => {
    const { remote, cores, told } = await shellWithFailingRestarts(null, { restartReadyMs: 100 });
    cores[0]?.end(1);
    await until('the start again', () => cores[1]?.received.find((frame) => frame.type === 'start'));
    const waiting = remote.router.handle('jobs.list', {});

    expect(await waiting).toMatchObject({ ok: false, error: { code: 'core_stopped', params: {} } });
    expect(told).toEqual([CORE_STATES.restarting, CORE_STATES.stopped]);
    expect(cores).toHaveLength(4);
    expect(cores.every((core) => core.ended)).toBe(true);
    await remote.stop();
  });

  it('stops at once a core that is starting again and never becomes ready, and starts no other', async () => {
    const { remote, cores } = await shellWithFailingRestarts(null, { stopGraceMs: 200 });
    cores[0]?.end(1);
    await until('the start again', () => cores[1]?.received.find((frame) => frame.type === 'start'));
    const waiting = remote.router.handle('jobs.list', {});

    const begun = Date.now();
    await remote.stop();
    expect(Date.now() - begun).toBeLessThan(5_000);
    expect(cores[1]?.ended).toBe(true);
    expect(await waiting).toMatchObject({ ok: false, error: { code: 'core_stopped' } });
    expect(cores).toHaveLength(2);
  });

  it('gives core up, and says so, when no core can be started at all', async () => {
    const first = new ScriptedCore();
    const log = recordingLog();
    let spawned = 0;
    const remote = await startRemoteCore({
      spawn: () => {
        spawned += 1;
        if (spawned > 1) throw new Error('The worker could not be created.');
        return first.process();
      },
      config: { userDataDir: '/nowhere', host: 'browser', mediaBase: '/media/' },
      keychain: new MemoryKeychain(),
      log,
    });
    const told: unknown[] = [];
    remote.router.subscribe((event, payload) => event === 'core.changed' && told.push(payload));
    first.end(1);

    await until('stopped', () => (told.length === 2 ? told : undefined));
    expect(told).toEqual([CORE_STATES.restarting, CORE_STATES.stopped]);
    expect(log.lines.at(-1)).toMatchObject({ level: 'error', fields: { reason: 'The worker could not be created.' } });
    expect(await remote.router.handle('jobs.list', {})).toMatchObject({ ok: false, error: { code: 'core_stopped' } });
    await remote.stop();
  });

  it('answers at once what is asked of a core that has ended, before the shell has started another', async () => {
    const core = new ScriptedCore();
    const link = new CoreLink(core.process(), startConfig(), { keychain: new MemoryKeychain(), log: recordingLog() }, () => undefined);
    await link.ready;
    core.end(1);
    await link.exited;

    expect(await link.invoke('jobs.list', {})).toMatchObject({ ok: false, error: { code: 'core_restarted' } });
    expect(await link.resolveMedia('a'.repeat(64))).toBeNull();
    expect(await link.probe('crash', null)).toMatchObject({ ok: false, error: { code: 'core_restarted' } });
  });

  it('serves files from the media folder core names without asking it, and asks core for the rest', async () => {
    const userDataDir = tempDir('cast-link-media-');
    try {
      const root = join(userDataDir, 'media', 'profile-1');
      const id = createHash('sha256').update('a thumbnail').digest('hex');
      mkdirSync(join(root, id.slice(0, 2)), { recursive: true });
      writeFileSync(join(root, id.slice(0, 2), id), 'a thumbnail');
      const core = new ScriptedCore();
      core.onFrame = (frame, port) => {
        if (frame.type === 'resolveMedia') port.postMessage({ type: 'media', id: frame.id, media: null });
        if (frame.type === 'invoke') port.postMessage({ type: 'reply', id: frame.id, reply: { ok: true, value: null } });
      };
      const log = recordingLog();
      const link = new CoreLink(core.process(), startConfig(userDataDir), { keychain: new MemoryKeychain(), log }, () => undefined);
      await link.ready;
      const asked = () => core.received.filter((frame) => frame.type === 'resolveMedia').map((frame) => frame.contentId);

      // Before core names a folder, every look-up is core's.
      expect(await link.mediaFile(id)).toBeNull();
      expect(asked()).toEqual([id]);

      // Frames arrive in order: once the invoke after it is answered, the folder is known.
      core.port.postMessage({ type: 'mediaRoot', root });
      await link.invoke('jobs.list', {});
      expect(await link.mediaFile(id)).toEqual({ path: join(root, id.slice(0, 2), id), size: 11 });
      const missing = 'b'.repeat(64);
      expect(await link.mediaFile(missing)).toBeNull();
      expect(asked()).toEqual([id, missing]);

      // A folder outside the user data folder's media/ is refused, said in the log, and core is asked again.
      for (const outside of [
        userDataDir,
        join(userDataDir, 'media'),
        join(userDataDir, 'media', '..', 'profiles'),
        '/',
        'media/profile-1',
      ]) {
        core.port.postMessage({ type: 'mediaRoot', root });
        core.port.postMessage({ type: 'mediaRoot', root: outside });
        await link.invoke('jobs.list', {});
        expect(await link.mediaFile(id), outside).toBeNull();
      }
      expect(asked()).toHaveLength(7);
      expect(log.lines.filter((line) => line.message === 'Cast Studio refused a media folder outside its own from its core.')).toHaveLength(
        5,
      );

      // No library open (null): core is asked.
      core.port.postMessage({ type: 'mediaRoot', root });
      core.port.postMessage({ type: 'mediaRoot', root: null });
      await link.invoke('jobs.list', {});
      expect(await link.mediaFile(id)).toBeNull();
      expect(asked()).toHaveLength(8);
      await link.stop(1_000);
    } finally {
      rmSync(userDataDir, { recursive: true, force: true });
    }
  });

  it('does not wait its grace on a core whose start failed: that core answers no stop', async () => {
    const core = new ScriptedCore({ type: 'startFailed', message: 'Another Cast Studio is using this data folder.' });
    const link = new CoreLink(core.process(), startConfig(), { keychain: new MemoryKeychain(), log: recordingLog() }, () => undefined);
    await expect(link.ready).rejects.toThrow('Another Cast Studio is using this data folder.');

    const begun = Date.now();
    await link.stop(30_000);
    expect(Date.now() - begun).toBeLessThan(5_000);
    expect(core.ended).toBe(true);
  });
});

describe('core behind a port (core’s side)', () => {
  it('refuses a malformed frame from the shell and says so in the shell’s log', async () => {
    const { port1, port2 } = new MessageChannel();
    channels.push(port1, port2);
    serveCore(channelPort(port2));
    const frames: Frame[] = [];
    port1.on('message', (frame: Frame) => frames.push(frame));
    port1.postMessage({ type: 'invoke', id: -1, command: 'jobs.list', input: {} });
    port1.postMessage({
      type: 'start',
      config: { ...startConfig(), userDataDir: '', mediaBase: '' },
    });

    await until('two refusals', () => (frames.length >= 2 ? frames : undefined));
    expect(frames).toEqual([
      {
        type: 'log',
        level: 'warn',
        message: 'Core refused a malformed frame from the shell.',
        fields: { frame: 'invoke', reason: expect.stringMatching(/^id: /) },
      },
      {
        type: 'log',
        level: 'warn',
        message: 'Core refused a malformed frame from the shell.',
        fields: { frame: 'start', reason: expect.stringMatching(/^config\.userDataDir: /) },
      },
    ]);
  });
});
