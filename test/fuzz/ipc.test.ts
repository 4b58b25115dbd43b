/**
 * IPC fuzz (issue 8): every command of shared/ipc through core's router, with generated payloads:
 * inputs the schema accepts, the same with one field broken, and arbitrary values (structured-clone
 * types, prototype tricks, huge strings). Core runs on a temporary folder with an in-memory keychain
 * and no network (its sandbox profile points at a closed port), and the queue is paused.
 *
 * Every answer is a Reply: `{ok: true, value}` matching the command's output schema, or
 * `{ok: false, error: {code, message}}`; an input the schema refuses is `invalid_input`; an input it
 * accepts is never answered `internal_error`; nothing throws, and nothing is left unhandled.
 *
 *   FUZZ_RUNS=500 FUZZ_SEED=7 npx vitest run --project fuzz test/fuzz/ipc.test.ts
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_NAMES, commands, type CommandName } from '../../shared/ipc/index.ts';
import { AppError } from '../../shared/ipc/appErrors.ts';
import { describeError } from '../../renderer/errors/errorMessages.ts';
import { formatsFor } from '../../renderer/i18n/format.ts';
import { createCore, type Core } from '../../electron/core/createCore.ts';
import { MAX_INPUT_DEPTH } from '../../electron/core/ipc/router.ts';
import { wav } from '../../electron/sandbox/media/placeholderRenderer.ts';
import { startSandbox } from '../support/sandboxProcess.ts';
import { anyPayload, BLANK_LINE, mutate, validInputs, type KnownIds } from './support/ipcExamples.ts';
import { headlessCoreDeps } from '../support/coreDeps.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);

let core: Core;
let scratch: string;
let known: KnownIds = {};
/**
 * The share of their backoff window retries wait. Settings → Sandbox goes to the sandbox's admin API
 * even while the connection counts as online, so each of its valid calls would wait seconds of
 * retries on the closed port; for those commands retries wait 2% of it. Elsewhere it stays whole:
 * the queue's resends, which also back off, would otherwise go again on every `jobs.resume`.
 */
let backoffShare = 1;
let userDataDir: string;
const unhandled: string[] = [];
const onRejection = (reason: unknown) => unhandled.push(`unhandled rejection: ${String(reason)}`);
const onException = (error: Error) => unhandled.push(`uncaught exception: ${error.stack ?? error.message}`);
const tally = { payloads: 0, ok: 0, invalid: 0, refusedOther: new Map<string, number>() };

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'cast-ipc-fuzz-scratch-'));
  userDataDir = mkdtempSync(join(tmpdir(), 'cast-ipc-fuzz-'));
  writeFileSync(join(scratch, 'sample.wav'), wav(0.2, 330).bytes);
  // A real sandbox's ready line and CA, then the sandbox stops: the profile is real, the port closed.
  const sandbox = await startSandbox({ env: { CAST_SANDBOX_RENDERER: 'placeholder' } });
  const ready = sandbox.ready;
  await sandbox.stop();
  core = await createCore(
    headlessCoreDeps(userDataDir, {
      launchSandbox: async () => ({ ready, stop: async () => {} }),
      random: () => Math.random() * backoffShare,
    }),
  );
  expect((await core.router.handle('jobs.pause', {})).ok).toBe(true);
  known = await knownScene();
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
}, 60_000);

afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  process.off('uncaughtException', onException);
  console.log(
    `ipc fuzz: seed ${SEED}; ${tally.payloads} payloads; ${tally.ok} ok, ${tally.invalid} invalid_input, others: ${[...tally.refusedOther.entries()].map(([k, v]) => `${k}×${v}`).join(' ')}`,
  );
  await core?.stop();
  rmSync(userDataDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

async function check(command: CommandName, payload: unknown): Promise<void> {
  tally.payloads += 1;
  const schema = commands[command];
  const accepted = schema.input.safeParse(payload ?? {}).success;
  let reply: unknown;
  try {
    reply = await core.router.handle(command, payload);
  } catch (error) {
    throw new Error(`${command} threw instead of answering: ${String(error)}`, { cause: error });
  }
  const where = `${command} ${preview(payload)} → ${preview(reply)}`;
  // Desktop-only commands have no handler in this host: refused before validation, by design.
  if (!core.router.registered().includes(command)) {
    expect(reply, where).toMatchObject({ ok: false, error: { code: 'not_available' } });
    return;
  }
  expect(() => JSON.stringify(reply), `${where}: the reply must cross a JSON transport`).not.toThrow();
  const r = reply as { ok: boolean; value?: unknown; error?: { code?: unknown; message?: unknown } };
  expect(typeof r.ok, where).toBe('boolean');
  if (r.ok) {
    tally.ok += 1;
    expect(accepted, `${where}: accepted an input its schema refuses`).toBe(true);
    const out = schema.output.safeParse(r.value);
    expect(out.success, `${where}: the value does not match the output schema: ${out.error?.message ?? ''}`).toBe(true);
    return;
  }
  expect(typeof r.error?.code, where).toBe('string');
  // An error is a code the page knows, with its parameters, which the page turns into a sentence.
  const error = AppError.safeParse(r.error);
  expect(error.success, `${where}: not an AppError: ${error.error?.message ?? ''}`).toBe(true);
  expect(error.data && describeError(error.data, formatsFor('en')).length, `${where}: an error needs a sentence`).toBeGreaterThan(0);
  if (!accepted) {
    tally.invalid += 1;
    expect(r.error?.code, where).toBe('invalid_input');
  } else {
    const code = String(r.error?.code);
    tally.refusedOther.set(code, (tally.refusedOther.get(code) ?? 0) + 1);
    expect(code, `${where}: a valid input was answered internal_error`).not.toBe('internal_error');
  }
}

/** A scene with a line of each kind, so scene inputs reach past `not_found`. */
async function knownScene(): Promise<KnownIds> {
  const created = await core.router.handle('scenes.create', { title: 'Fuzz' });
  if (!created.ok) throw new Error(`scenes.create: ${created.error.code}`);
  const sceneId = (created.value as { id: string }).id;
  const lineIds = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];
  const lines = [
    { ...BLANK_LINE, id: lineIds[0], kind: 'talk', text: 'Hello there.', characterId: 'no-such-character' },
    { ...BLANK_LINE, id: lineIds[1], kind: 'speech', text: 'A narrator speaks.', voiceId: 'no-such-voice' },
    { ...BLANK_LINE, id: lineIds[2], kind: 'clip', text: '', clipItemId: 'no-such-item' },
  ];
  const updated = await core.router.handle('scenes.update', { id: sceneId, lines });
  if (!updated.ok) throw new Error(`scenes.update: ${updated.error.code}`);
  return { sceneIds: [sceneId], lineIds };
}

function preview(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 300 ? `${text.slice(0, 297)}…(${text.length})` : text;
}

describe('IPC fuzz: every command answers every payload with a value or a typed error', () => {
  it.each(COMMAND_NAMES.map((c) => [c]))(
    '%s',
    async (command) => {
      // A command added since this table was written still gets the arbitrary payloads.
      backoffShare = command.startsWith('sandbox.') ? 0.02 : 1;
      const valid = validInputs(scratch, known)[command] ?? anyPayload;
      if (valid === anyPayload)
        console.log(`ipc fuzz: ${command} has no valid-input arbitrary in test/fuzz/support/ipcExamples.ts yet; arbitrary payloads only`);
      const payloads = fc.oneof(
        { arbitrary: valid, weight: 2 },
        { arbitrary: valid.chain((v) => mutate(v)), weight: 3 },
        { arbitrary: anyPayload, weight: 1 },
      );
      await fc.assert(
        fc.asyncProperty(payloads, async (payload) => {
          await check(command, payload);
          // The fuzz keeps paid intents from leaving: it pauses again whatever a payload did.
          if (command === 'jobs.resume') await core.router.handle('jobs.pause', {});
        }),
        { numRuns: RUNS, seed: SEED },
      );
      expect(unhandled).toEqual([]);
    },
    120_000,
  );

  it('unknown command names are refused with unknown_command', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'app.info ', 'APP.INFO'),
        ),
        async (name) => {
          const reply = await core.router.handle(name, {});
          if (!(COMMAND_NAMES as string[]).includes(name)) expect(reply).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
        },
      ),
      { numRuns: RUNS * 2, seed: SEED },
    );
  });

  it('refuses payloads nested past the limit, or holding themselves, before any schema, and answers the next good command', async () => {
    const deep = (levels: number, leaf: unknown): unknown =>
      Array.from({ length: levels }).reduce<unknown>((inner, _v, i) => (i % 2 ? [inner] : { v: inner }), leaf);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...core.router.registered()),
        fc.integer({ min: MAX_INPUT_DEPTH + 1, max: 5_000 }),
        fc.boolean(),
        async (command, levels, loop) => {
          let payload: unknown = deep(levels, 'x');
          if (loop) {
            const cycle: Record<string, unknown> = { id: 'x' };
            cycle.inner = [{ back: cycle }];
            payload = cycle;
          }
          const reply = await core.router.handle(command, payload);
          expect(reply).toMatchObject({
            ok: false,
            error: { code: 'invalid_input', params: { problem: 'too_deep', limit: MAX_INPUT_DEPTH } },
          });
          expect(await core.router.handle('app.info', {})).toMatchObject({ ok: true });
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('leaves nothing unhandled', () => {
    expect(unhandled).toEqual([]);
  });
});
