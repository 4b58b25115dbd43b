/**
 * The browser host as a real process (`node electron/web/cli.ts`, its embedded sandbox on demand),
 * attacked over its socket: malformed WebSocket frames sent by hand over raw TCP, and 10,000
 * malformed commands. After each one the process is still running and answers a good command on a
 * new connection. Also: a burst past the in-flight bound is answered `busy`, a second host on the
 * same data folder is refused in one sentence, and a stale lock left by a dead host is taken over.
 *
 *   FUZZ_COMMANDS=10000 FUZZ_SEED=7 npx vitest run --project fuzz test/fuzz/browserHost.test.ts
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { COMMAND_NAMES, commands, IPC_VERSION, type CommandName } from '../../shared/ipc/index.ts';
import { bridgeProtocols } from '../../shared/ipc/bridgeFrames.ts';
import { AppError } from '../../shared/ipc/appErrors.ts';
import { describeError } from '../../renderer/errors/errorMessages.ts';
import { formatsFor } from '../../renderer/i18n/format.ts';
import { LOCK_FILE_NAME } from '../../electron/core/app/dataFolderLock.ts';
import { MAX_FRAME_BYTES, MAX_IN_FLIGHT } from '../../electron/web/bridgeServer.ts';
import { clientFrame, sendRawFrames } from '../support/rawWebSocket.ts';
import { anyPayload, mutate, validInputs } from './support/ipcExamples.ts';

const COMMANDS = Number(process.env.FUZZ_COMMANDS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const CLI = fileURLToPath(new URL('../../electron/web/cli.ts', import.meta.url));

type Host = { child: ChildProcess; port: number; origin: string; launchUrl: string; exited: Promise<number | null>; stderr: () => string };

/** Starts the CLI on `dataDir` and reads the launch URL it prints; rejects with its stderr if it exits first. */
function startHost(dataDir: string, rendererDir: string): Promise<Host> {
  const child = spawn(process.execPath, [CLI, '--no-open', '--port', '0', '--data', dataDir, '--speed', 'fast'], {
    env: { ...process.env, CAST_RENDERER_DIR: rendererDir },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:(\d+))\/#launch=[A-Za-z0-9_-]+/.exec(stdout);
      if (match?.[1] && match[2])
        resolve({ child, port: Number(match[2]), origin: match[1], launchUrl: match[0], exited, stderr: () => stderr });
    });
    void exited.then((code) => reject(new Error(`The host exited (${code}) before printing its URL: ${stderr.trim()}`)));
  });
}

/** What a page does with the launch URL: trade its code once for a session token. */
async function redeem(host: Host): Promise<string> {
  const code = new URL(host.launchUrl).hash.slice('#launch='.length);
  const response = await fetch(`${host.origin}/session`, { method: 'POST', headers: { origin: host.origin, 'x-cast-launch': code } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

type Outcome =
  { kind: 'reply'; reply: { ok: boolean; value?: unknown; error?: { code: string; message: string } } } | { kind: 'closed'; code: number };

/** A bridge connection made with the ws client: good frames, any text. */
class Connection {
  private readonly ws: WebSocket;
  private readonly waiting = new Map<number, (outcome: Outcome) => void>();
  private closedWith: number | null = null;
  readonly opened: Promise<void>;

  constructor(host: Host, token: string) {
    this.ws = new WebSocket(
      `ws://127.0.0.1:${host.port}/bridge?${new URLSearchParams({ v: String(IPC_VERSION) })}`,
      bridgeProtocols(token),
      {
        origin: host.origin,
      },
    );
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.ws.on('error', () => undefined);
    this.ws.on('message', (data) => {
      const message = JSON.parse((data as Buffer).toString('utf8')) as {
        type: string;
        id?: number;
        reply?: Outcome extends { reply: infer R } ? R : never;
      };
      if (message.type !== 'reply' || message.id === undefined || !message.reply) return;
      this.waiting.get(message.id)?.({ kind: 'reply', reply: message.reply });
      this.waiting.delete(message.id);
    });
    this.ws.on('close', (code) => {
      this.closedWith = code;
      for (const settle of this.waiting.values()) settle({ kind: 'closed', code });
      this.waiting.clear();
    });
  }

  /** Sends `text`; resolves with the reply to `id`, or with the close if the host closes first. */
  send(text: string, id: number): Promise<Outcome> {
    return new Promise((resolve) => {
      if (this.closedWith !== null) return resolve({ kind: 'closed', code: this.closedWith });
      this.waiting.set(id, resolve);
      this.ws.send(text);
    });
  }

  invoke(command: string, input: unknown, id: number): Promise<Outcome> {
    return this.send(JSON.stringify({ type: 'invoke', id, command, input }), id);
  }

  close(): void {
    this.ws.terminate();
  }
}

/** One wire message that is wrong in some way: not JSON, not an invoke, an unknown command, or an input its schema refuses. */
function malformedCommands(
  scratch: string,
): fc.Arbitrary<{ text: string; kind: 'not an invoke' | 'unknown command' | 'refused input'; command?: string }> {
  const valid = validInputs(scratch);
  const wire = (value: unknown): string => {
    try {
      return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'undefined';
    } catch {
      return String(value);
    }
  };
  const notInvoke = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.jsonValue({ maxDepth: 3 }).map(wire),
    anyPayload.map(wire),
    fc
      .record({
        type: fc.constantFrom('invoke', 'reply', 'event', 'INVOKE', ''),
        id: fc.oneof(fc.string(), fc.double(), fc.constant(null), fc.constant(2 ** 60), fc.constant(-0.5)),
        command: fc.string(),
      })
      .map(wire),
    fc
      .record({
        type: fc.constant('invoke'),
        id: fc.constant(2),
        command: fc.oneof(fc.integer(), fc.constant(null), fc.array(fc.string())),
      })
      .map(wire),
    fc.constantFrom(
      '',
      '{',
      '[]',
      'null',
      '{"type":"invoke"}',
      '{"__proto__":{"type":"invoke","id":2,"command":"app.info"}}',
      '\u0000',
      '{"type":"invoke","id":2,"command":"app.info"',
    ),
  );
  const unknownCommand = fc
    .tuple(
      fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'app.info ', 'APP.INFO'),
      ),
      anyPayload,
    )
    .filter(([name]) => !(COMMAND_NAMES as string[]).includes(name))
    .map(([command, input]) => ({ text: wire({ type: 'invoke', id: 2, command, input }), kind: 'unknown command' as const, command }));
  const refusedInput = fc
    .constantFrom(...COMMAND_NAMES)
    .chain((command: CommandName) =>
      (valid[command] ?? anyPayload).chain((v) => fc.oneof(mutate(v), anyPayload)).map((input) => ({ command, input })),
    )
    .map(({ command, input }) => ({ command, text: wire({ type: 'invoke', id: 2, command, input }) }))
    .filter(({ command, text }) => {
      // What the host will see is the JSON; only inputs its schema refuses are malformed.
      const parsed = JSON.parse(text) as { input?: unknown };
      return !commands[command].input.safeParse(parsed.input ?? {}).success;
    })
    .map(({ command, text }) => ({ text, kind: 'refused input' as const, command }));
  return fc.oneof(
    { arbitrary: notInvoke.map((text) => ({ text, kind: 'not an invoke' as const })), weight: 2 },
    { arbitrary: unknownCommand, weight: 1 },
    { arbitrary: refusedInput, weight: 4 },
  );
}

describe('the browser host process under malformed frames and commands', () => {
  let base: string;
  let rendererDir: string;
  let dataDir: string;
  let host: Host;
  let token: string;
  let next = 10;

  /** The host process runs and answers app.info on a new connection. */
  const answersOnNewConnection = async (why: string) => {
    expect(host.child.exitCode, `${why}: the host process ended. Its stderr: ${host.stderr()}`).toBeNull();
    const connection = new Connection(host, token);
    await connection.opened;
    const outcome = await connection.invoke('app.info', {}, (next += 1));
    expect(outcome, why).toMatchObject({ kind: 'reply', reply: { ok: true, value: { ipcVersion: IPC_VERSION } } });
    connection.close();
  };

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'cast-host-fuzz-'));
    rendererDir = join(base, 'renderer');
    dataDir = join(base, 'data');
    mkdirSync(rendererDir);
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><div id="root"></div>');
    host = await startHost(dataDir, rendererDir);
    token = await redeem(host);
  }, 60_000);

  afterAll(async () => {
    if (host && host.child.exitCode === null) {
      host.child.kill('SIGTERM');
      await host.exited;
    }
    rmSync(base, { recursive: true, force: true });
  });

  const query = () => new URLSearchParams({ v: String(IPC_VERSION) }).toString();
  const protocolHeader = () => `Sec-WebSocket-Protocol: ${bridgeProtocols(token).join(', ')}\r\n`;
  const text = (s: string) => Buffer.from(s, 'utf8');
  const invoke = text(JSON.stringify({ type: 'invoke', id: 1, command: 'app.info', input: {} }));

  const frames: Array<[string, Buffer[], number | 'reply']> = [
    ['a text frame of invalid UTF-8', [clientFrame(0x1, Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0xff, 0xfe, 0x22, 0x7d]))], 1007],
    ['an overlong UTF-8 encoding', [clientFrame(0x1, Buffer.from([0xc0, 0xaf]))], 1007],
    ['a UTF-16 surrogate in UTF-8', [clientFrame(0x1, Buffer.from([0xed, 0xa0, 0x80]))], 1007],
    ['a frame one byte over the limit', [clientFrame(0x1, Buffer.alloc(MAX_FRAME_BYTES + 1, 0x20))], 1009],
    ['a frame claiming 2^63-1 bytes', [clientFrame(0x1, Buffer.alloc(0), { claimedLength: 2n ** 63n - 1n })], 1009],
    ['a frame claiming 2^64-1 bytes', [clientFrame(0x1, Buffer.alloc(0), { claimedLength: 2n ** 64n - 1n })], 1009],
    ['a binary frame', [clientFrame(0x2, invoke)], 1008],
    [
      'a text message fragmented over three frames',
      [
        clientFrame(0x1, invoke.subarray(0, 10), { fin: false }),
        clientFrame(0x0, invoke.subarray(10, 20), { fin: false }),
        clientFrame(0x0, invoke.subarray(20)),
      ],
      'reply',
    ],
    [
      'fragments whose total passes the limit',
      [
        clientFrame(0x1, Buffer.alloc(MAX_FRAME_BYTES / 2 + 1, 0x20), { fin: false }),
        clientFrame(0x0, Buffer.alloc(MAX_FRAME_BYTES / 2 + 1, 0x20)),
      ],
      1009,
    ],
    ['a continuation frame with nothing to continue', [clientFrame(0x0, invoke)], 1002],
    [
      'a new text frame inside a fragmented message',
      [clientFrame(0x1, invoke.subarray(0, 10), { fin: false }), clientFrame(0x1, invoke)],
      1002,
    ],
    ['a fragmented ping', [clientFrame(0x9, text('x'), { fin: false })], 1002],
    ['a ping with 126 bytes', [clientFrame(0x9, Buffer.alloc(126))], 1002],
    ['a reserved data opcode (0x3)', [clientFrame(0x3, invoke)], 1002],
    ['a reserved control opcode (0xB)', [clientFrame(0xb, Buffer.alloc(0))], 1002],
    ['RSV1 without an extension', [clientFrame(0x1, invoke, { rsv: 4 })], 1002],
    ['RSV2', [clientFrame(0x1, invoke, { rsv: 2 })], 1002],
    ['RSV3', [clientFrame(0x1, invoke, { rsv: 1 })], 1002],
    ['an unmasked client frame', [clientFrame(0x1, invoke, { masked: false })], 1002],
    ['a close frame with an invalid code', [clientFrame(0x8, Buffer.from([0x03, 0xe7]))], 1002],
    ['a close frame with an invalid UTF-8 reason', [clientFrame(0x8, Buffer.from([0x03, 0xe8, 0xff]))], 1007],
    ['a close frame of one byte', [clientFrame(0x8, Buffer.from([0x03]))], 1002],
  ];

  it.each(frames)('%s closes that socket only, and the host answers the next connection', async (_name, sent, expected) => {
    const outcome = await sendRawFrames(host.port, query(), host.origin, sent, {
      expectReplies: expected === 'reply' ? 1 : undefined,
      protocols: bridgeProtocols(token),
    });
    expect(outcome.upgraded).toBe(true);
    if (expected === 'reply') expect(outcome.replies[0]).toMatchObject({ type: 'reply', id: 1, reply: { ok: true } });
    else expect(outcome.closeCode).toBe(expected);
    await answersOnNewConnection(_name);
  });

  it('survives a socket cut in the middle of a frame, and one cut in the middle of its upgrade', async () => {
    const net = await import('node:net');
    const frame = clientFrame(0x1, invoke);
    for (const sent of [
      `GET /bridge?${query()} HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nUpgrade: websocket\r\n${protocolHeader()}`,
      Buffer.concat([
        Buffer.from(
          `GET /bridge?${query()} HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nOrigin: ${host.origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            protocolHeader() +
            `Sec-WebSocket-Key: ${Buffer.from('cast-studio-fuzz').toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
        ),
        frame.subarray(0, 5),
      ]),
    ]) {
      await new Promise<void>((resolve) => {
        const socket = net.connect(host.port, '127.0.0.1', () =>
          socket.write(sent, () => setTimeout(() => (socket.resetAndDestroy(), resolve()), 100)),
        );
        socket.on('error', () => resolve());
      });
      await answersOnNewConnection('a cut socket');
    }
  });

  it(`answers ${COMMANDS} malformed commands with a typed refusal or a close, and a good command on a new connection after each`, async () => {
    const scratch = join(base, 'scratch');
    mkdirSync(scratch, { recursive: true });
    const tally = new Map<string, number>();
    const check = async (sample: { text: string; kind: string }) => {
      const connection = new Connection(host, token);
      await connection.opened;
      // The good command first, on this new connection: the host is up after the samples before.
      const good = await connection.invoke('app.info', {}, 1);
      expect(good, 'app.info after a malformed command').toMatchObject({ kind: 'reply', reply: { ok: true } });
      const outcome = await connection.send(sample.text, 2);
      connection.close();
      const where = `${sample.kind} ${sample.text.slice(0, 200)} → ${JSON.stringify(outcome).slice(0, 300)}`;
      if (sample.kind === 'not an invoke') {
        expect(outcome, where).toEqual({ kind: 'closed', code: 1008 });
        tally.set('closed 1008', (tally.get('closed 1008') ?? 0) + 1);
        return;
      }
      expect(outcome.kind, where).toBe('reply');
      const reply = (outcome as Extract<Outcome, { kind: 'reply' }>).reply;
      expect(reply.ok, where).toBe(false);
      const error = AppError.safeParse(reply.error);
      expect(error.success, `${where}: not an AppError`).toBe(true);
      expect(error.data && describeError(error.data, formatsFor('en')).length, `${where}: an error needs a sentence`).toBeGreaterThan(0);
      const expectedCodes = sample.kind === 'unknown command' ? ['unknown_command'] : ['invalid_input', 'not_available'];
      expect(expectedCodes, where).toContain(reply.error?.code);
      tally.set(String(reply.error?.code), (tally.get(String(reply.error?.code)) ?? 0) + 1);
    };
    // The samples are fixed by the seed; eight connections at a time keep 10,000 within minutes on
    // two cores. Each sample still opens its own connection and sends a good command first.
    const samples = fc.sample(malformedCommands(scratch), { numRuns: COMMANDS, seed: SEED });
    let cursor = 0;
    const worker = async () => {
      while (cursor < samples.length) {
        const sample = samples[cursor++];
        if (sample) await check(sample);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(host.child.exitCode).toBeNull();
    console.log(`browser host fuzz: seed ${SEED}; ${COMMANDS} malformed commands: ${[...tally].map(([k, v]) => `${k}×${v}`).join(', ')}`);
    await answersOnNewConnection('after the malformed commands');
  }, 600_000);

  it(`answers a burst past ${MAX_IN_FLIGHT} requests in flight with busy, and serves again after`, async () => {
    const burst = 2_000;
    const connection = new Connection(host, token);
    await connection.opened;
    // One write of every frame: they reach the host together, faster than it can answer them.
    const outcomes = await Promise.all(Array.from({ length: burst }, (_, i) => connection.invoke('library.stats', {}, 100 + i)));
    connection.close();
    const busy = outcomes.filter((o) => o.kind === 'reply' && !o.reply.ok && o.reply.error?.code === 'busy');
    const ok = outcomes.filter((o) => o.kind === 'reply' && o.reply.ok);
    console.log(`browser host fuzz: a burst of ${burst}: ${ok.length} answered, ${busy.length} busy`);
    expect(busy.length + ok.length).toBe(burst);
    expect(busy.length).toBeGreaterThan(0);
    expect(ok.length).toBeGreaterThanOrEqual(MAX_IN_FLIGHT);
    await answersOnNewConnection('after a burst');
  });

  it('refuses a second host on the same data folder in one sentence, and it exits', async () => {
    const error = await startHost(dataDir, rendererDir).then(
      async (started) => {
        // It should never have started: stop it, so no second core outlives the test.
        started.child.kill('SIGTERM');
        await started.exited;
        return null;
      },
      (e: unknown) => e as Error,
    );
    expect(error, 'a second host started on the same data folder').not.toBeNull();
    expect(error?.message).toContain(
      `Another Cast Studio (process ${host.child.pid}) is already using the data folder ${dataDir}; close it first, or choose another data folder.`,
    );
    await answersOnNewConnection('after a second host was refused');
  });

  it('takes over the lock a killed host left behind', async () => {
    const stale = join(base, 'stale');
    mkdirSync(stale);
    // What `kill -9` leaves: a lock naming a process that no longer runs.
    const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
    writeFileSync(join(stale, LOCK_FILE_NAME), JSON.stringify({ pid: dead, token: 'killed' }));
    const other = await startHost(stale, rendererDir);
    try {
      // The lock is now the new host's socket, held by the operating system.
      expect(lstatSync(join(stale, LOCK_FILE_NAME)).isSocket()).toBe(true);
    } finally {
      other.child.kill('SIGTERM');
      await other.exited;
    }
  });
});
