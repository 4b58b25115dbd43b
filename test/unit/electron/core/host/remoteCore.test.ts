import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { serveCore } from '../../../../../electron/core/host/coreEntry.ts';
import type { CoreProcess } from '../../../../../electron/core/host/coreLink.ts';
import { workerPort } from '../../../../../electron/core/host/corePorts.ts';
import { CORE_STATES, startRemoteCore } from '../../../../../electron/core/host/remoteCore.ts';
import type { LogFields, Logger } from '../../../../../electron/core/log/logger.ts';
import { MemoryKeychain } from '../../../../support/memoryKeychain.ts';

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
 * with `ready` and `stop` with `stopped`, and hands every other frame to `onFrame`; `end(code)` is
 * the thread dying.
 */
class ScriptedCore {
  readonly port: MessagePort;
  readonly shellEnd: MessagePort;
  readonly received: Frame[] = [];
  onFrame: (frame: Frame, port: MessagePort) => void = () => undefined;
  private endWith: (exit: { code: number | null }) => void = () => undefined;

  constructor(answerStart: Frame = { type: 'ready' }) {
    const { port1, port2 } = new MessageChannel();
    this.port = port2;
    this.shellEnd = port1;
    port2.on('message', (frame: Frame) => {
      this.received.push(frame);
      if (frame.type === 'start') port2.postMessage(answerStart);
      else if (frame.type === 'stop') port2.postMessage({ type: 'stopped', id: frame.id });
      else this.onFrame(frame, port2);
    });
  }

  process(): CoreProcess {
    return {
      port: workerPort(this.shellEnd),
      exited: new Promise((resolve) => (this.endWith = resolve)),
      terminate: async () => this.end(0),
    };
  }

  end(code: number | null): void {
    this.port.close();
    this.endWith({ code });
  }
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
      outcome: { ok: true, value: { secret: 'sk_live_0123456789abcdef', description: 'Keys are kept in memory (tests).' } },
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

describe('core behind a port (core’s side)', () => {
  it('refuses a malformed frame from the shell and says so in the shell’s log', async () => {
    const { port1, port2 } = new MessageChannel();
    channels.push(port1, port2);
    serveCore(workerPort(port2));
    const frames: Frame[] = [];
    port1.on('message', (frame: Frame) => frames.push(frame));
    port1.postMessage({ type: 'invoke', id: -1, command: 'jobs.list', input: {} });
    port1.postMessage({
      type: 'start',
      config: { userDataDir: '', host: 'browser', mediaBase: '', keychainDescription: '', sandbox: false },
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
