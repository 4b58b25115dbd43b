import { z } from 'zod';
import { SandboxReady } from '../../../shared/api/sandboxAdmin.ts';
import { events } from '../../../shared/ipc/events.ts';
import { AppError } from '../../../shared/ipc/appErrors.ts';
import { KEY_STORAGES } from '../secrets/keyStorage.ts';

/**
 * The messages between a shell (the browser host's main thread, Electron's main process) and core
 * running elsewhere (a child process, a utility process). Every frame is checked on arrival with
 * these schemas; a frame that does not match is refused and reported, never acted on. The same
 * frames travel over Node's IPC channel and over Electron's MessagePortMain (structured clone both).
 */

/** A port either end can post on: Node's IPC channel, a MessageChannel's or Electron's, behind one shape. */
export type CorePort = {
  post(frame: ShellFrame | CoreFrame): void;
  /** Registers the one listener for arriving frames (raw: the receiver parses them). */
  listen(listener: (frame: unknown) => void): void;
  close(): void;
};

const Id = z.number().int().nonnegative();
const Fields = z.record(z.string(), z.unknown());
const EventName = z.enum(Object.keys(events) as [keyof typeof events, ...(keyof typeof events)[]]);

/** What a shell tells core at start: plain values only (functions stay in the shell, reached by calls). */
export const CoreStartConfig = z.strictObject({
  userDataDir: z.string().min(1),
  host: z.enum(['electron', 'browser']),
  mediaBase: z.string(),
  appVersion: z.string().optional(),
  /** Where the build's licence notices are, when this copy of the app has them. */
  noticesFile: z.string().optional(),
  /** The shell keychain's sentence for Settings; updated with every keychain answer. */
  keyStorage: z.enum(KEY_STORAGES),
  /** Whether the shell can launch an embedded sandbox. */
  sandbox: z.boolean(),
  /** Test-only: a module core imports whose `probe(core, op, arg)` answers `probe` frames. */
  probe: z.string().optional(),
});
export type CoreStartConfig = z.infer<typeof CoreStartConfig>;

export const ResolvedMedia = z.strictObject({ path: z.string(), contentType: z.string(), size: z.number().nonnegative() });
export type ResolvedMedia = z.infer<typeof ResolvedMedia>;

const Outcome = z.union([
  z.strictObject({ ok: z.literal(true), value: z.unknown() }),
  z.strictObject({ ok: z.literal(false), error: AppError }),
]);
export type Outcome = z.infer<typeof Outcome>;
/** The answer to a call or a probe, either way: `{ ok: true, value }` or `{ ok: false, error }`. */
const Answer = z.strictObject({ type: z.literal('answer'), id: Id, outcome: Outcome });

/** Shell → core. */
export const ShellFrame = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('start'), config: CoreStartConfig }),
  z.strictObject({ type: z.literal('invoke'), id: Id, command: z.string().max(200), input: z.unknown() }),
  z.strictObject({ type: z.literal('resolveMedia'), id: Id, contentId: z.string().max(512) }),
  z.strictObject({ type: z.literal('setFocused'), focused: z.boolean() }),
  z.strictObject({ type: z.literal('probe'), id: Id, op: z.string(), arg: z.unknown() }),
  z.strictObject({ type: z.literal('stop'), id: Id }),
  z.strictObject({ type: z.literal('sandboxExited'), sandboxId: Id }),
  Answer,
]);
export type ShellFrame = z.infer<typeof ShellFrame>;

/** What core asks of the shell: the things only the shell has (the keychain, the sandbox's process). */
export const ShellCall = z.discriminatedUnion('name', [
  z.strictObject({ name: z.literal('keychain.get'), account: z.string() }),
  z.strictObject({ name: z.literal('keychain.set'), account: z.string(), secret: z.string() }),
  z.strictObject({ name: z.literal('keychain.delete'), account: z.string() }),
  z.strictObject({ name: z.literal('sandbox.launch'), dataDir: z.string(), apiKey: z.string().nullable() }),
  z.strictObject({ name: z.literal('sandbox.stop'), sandboxId: Id }),
]);
export type ShellCall = z.infer<typeof ShellCall>;

/** The shell's answers to each call, checked in core before use. */
export const KeychainAnswer = z.strictObject({ secret: z.string().nullable().optional(), storage: z.enum(KEY_STORAGES) });
export const SandboxLaunchAnswer = z.strictObject({
  sandboxId: Id,
  ready: SandboxReady,
  pid: z.number().int().optional(),
  /** The shell watches the process and sends `sandboxExited` when it ends. */
  watched: z.boolean(),
});

/** Core → shell. */
export const CoreFrame = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ready') }),
  z.strictObject({ type: z.literal('startFailed'), message: z.string() }),
  z.strictObject({
    type: z.literal('reply'),
    id: Id,
    reply: Outcome,
  }),
  // The payload travels as core's JSON text: the shell's thread relays it to pages without parsing
  // or serialising it again (core's router has checked it against its event's schema already).
  z.strictObject({ type: z.literal('event'), name: EventName, json: z.string() }),
  z.strictObject({ type: z.literal('media'), id: Id, media: ResolvedMedia.nullable() }),
  // The active library's media folder (null while none is open), sent before `ready` and before the
  // event that follows each change: the shell serves files found there without asking (storedFile.ts).
  z.strictObject({ type: z.literal('mediaRoot'), root: z.string().min(1).nullable() }),
  z.strictObject({ type: z.literal('stopped'), id: Id }),
  z.strictObject({ type: z.literal('log'), level: z.enum(['info', 'warn', 'error']), message: z.string(), fields: Fields.optional() }),
  z.strictObject({ type: z.literal('call'), id: Id, call: ShellCall }),
  Answer,
]);
export type CoreFrame = z.infer<typeof CoreFrame>;

export type ProtocolProblem = { frame: string; reason: string };

/** Parses an arriving frame; a malformed one becomes a problem that names what was wrong. */
export function readFrame<T>(schema: z.ZodType<T>, raw: unknown): { frame: T } | { problem: ProtocolProblem } {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { frame: parsed.data };
  const issue = parsed.error.issues[0];
  const type = typeof raw === 'object' && raw !== null ? String((raw as { type?: unknown }).type).slice(0, 40) : typeof raw;
  return { problem: { frame: type, reason: `${issue?.path.join('.') || 'frame'}: ${issue?.message ?? 'not a frame'}` } };
}
