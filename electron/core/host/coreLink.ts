import { isAbsolute, join, relative, resolve as resolvePath, sep } from 'node:path';
import type { Reply } from '../../../shared/ipc/bridge.ts';
import { AppFailure, toAppError } from '../ipc/appFailure.ts';
import type { Logger } from '../log/logger.ts';
import { storedFile, type StoredFile } from '../media/storedFile.ts';
import type { LaunchedSandbox, SandboxLauncher } from '../sandboxLaunch/sandboxOutput.ts';
import type { Keychain } from '../secrets/keychain.ts';
import {
  CoreFrame,
  readFrame,
  type CorePort,
  type CoreStartConfig,
  type Outcome,
  type ResolvedMedia,
  type ShellCall,
} from './coreProtocol.ts';

/** Core running elsewhere, as its shell holds it: the port, how it ends, and how to end it. */
export type CoreProcess = {
  port: CorePort;
  /** Settles when the thread or process has ended, however it ended. */
  exited: Promise<{ code: number | null }>;
  /** Ends it at once (a child's or a utility process's kill). */
  terminate(): Promise<void>;
};
export type CoreSpawner = () => CoreProcess;

/** What only the shell has, lent to core through calls. */
export type ShellServices = { keychain: Keychain; launchSandbox?: SandboxLauncher | undefined; log: Logger };

/**
 * Answers in flight, by request number; whatever is still waiting when core ends gets the value
 * given to `settleAll`, and so does whatever is asked after: an ended core answers nothing.
 */
class Pending<T> {
  private readonly waiting = new Map<number, (value: T) => void>();
  private ended: { value: T } | null = null;

  add(id: number): Promise<T> {
    if (this.ended) return Promise.resolve(this.ended.value);
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }

  settle(id: number, value: T): void {
    this.waiting.get(id)?.(value);
    this.waiting.delete(id);
  }

  settleAll(value: T): void {
    this.ended = { value };
    for (const resolve of this.waiting.values()) resolve(value);
    this.waiting.clear();
  }
}

export const CORE_RESTARTED = {
  ok: false as const,
  error: {
    code: 'core_restarted',
    params: {},
  },
} satisfies Reply<never>;
const UNREADABLE_REPLY = {
  ok: false as const,
  error: { code: 'internal_error', params: {} },
} satisfies Reply<never>;

/**
 * One running core, from its start frame to its end: numbered invokes, media look-ups and probes
 * out, replies, events and log lines in, and core's calls for the keychain and the embedded
 * sandbox answered here. Every arriving frame is parsed; a malformed one is refused with an error
 * in the log (and a reply it was meant to be still settles, with a sentence).
 */
export class CoreLink {
  readonly ready: Promise<void>;
  readonly exited: Promise<{ code: number | null }>;
  private readonly process: CoreProcess;
  private readonly shell: ShellServices;
  private readonly onEvent: (name: string, json: string) => void;
  private readonly replies = new Pending<Reply<unknown>>();
  private readonly media = new Pending<ResolvedMedia | null>();
  private readonly answers = new Pending<Outcome>();
  private readonly stops = new Pending<null>();
  /** Events received this turn, handed on once its replies have been (see queueEvent). */
  private readonly events: [name: string, json: string][] = [];
  private readonly sandboxes = new Map<number, LaunchedSandbox>();
  private next = 1;
  /** The active library's media folder, as core last said; its files are served without asking core. */
  private mediaRoot: string | null = null;
  private readonly mediaFolder: string;
  private settleReady: { resolve: () => void; reject: (error: Error) => void } | null = null;

  constructor(process: CoreProcess, config: CoreStartConfig, shell: ShellServices, onEvent: (name: string, json: string) => void) {
    this.process = process;
    this.shell = shell;
    this.onEvent = onEvent;
    this.mediaFolder = join(config.userDataDir, 'media');
    this.ready = new Promise((resolve, reject) => (this.settleReady = { resolve, reject }));
    this.exited = process.exited.then((exit) => {
      this.settleReady?.reject(new Error(`Cast Studio’s core ended before it was ready (exit code ${String(exit.code)}).`));
      this.replies.settleAll(CORE_RESTARTED);
      this.media.settleAll(null);
      this.answers.settleAll({ ok: false, error: CORE_RESTARTED.error });
      this.stops.settleAll(null);
      return exit;
    });
    process.port.listen((raw) => this.receive(raw));
    process.port.post({ type: 'start', config });
  }

  invoke(command: string, input: unknown): Promise<Reply<unknown>> {
    const id = this.next++;
    const reply = this.replies.add(id);
    if (!this.send(() => this.process.port.post({ type: 'invoke', id, command, input }))) {
      this.replies.settle(id, {
        ok: false,
        error: { code: 'invalid_input', params: { problem: 'unreadable' } },
      });
    }
    return reply;
  }

  resolveMedia(contentId: string): Promise<ResolvedMedia | null> {
    const id = this.next++;
    const found = this.media.add(id);
    this.process.port.post({ type: 'resolveMedia', id, contentId });
    return found;
  }

  /**
   * The file to serve for a content id. Found in the active library's media folder, it is served at
   * once, from this thread: a picture never waits behind core's work (a sync, a large query, its
   * start), which on a start with a full screen of thumbnails held each request for up to 50 ms.
   * Anything else is asked of core, which holds the index: a file not there yet, another library's
   * after a switch core has not announced yet (a content id names the same bytes in every library).
   */
  async mediaFile(contentId: string): Promise<StoredFile | null> {
    const root = this.mediaRoot;
    return (root ? storedFile(root, contentId) : null) ?? this.resolveMedia(contentId);
  }

  probe(op: string, arg: unknown): Promise<Outcome> {
    const id = this.next++;
    const outcome = this.answers.add(id);
    this.process.port.post({ type: 'probe', id, op, arg });
    return outcome;
  }

  setFocused(focused: boolean): void {
    this.process.port.post({ type: 'setFocused', focused });
  }

  /** Asks core to stop (it closes its library and stops what it started), then ends the thread or process. */
  async stop(graceMs: number): Promise<void> {
    const id = this.next++;
    const stopped = this.stops.add(id);
    this.process.port.post({ type: 'stop', id });
    let timer: NodeJS.Timeout | undefined;
    // A core that has ended already (one the shell gave up on) answers nothing: its end is the answer.
    // Nor does one whose start failed: it has nothing to close. One still starting gets the grace.
    const startFailed = this.ready.then(
      () => new Promise<never>(() => undefined),
      () => undefined,
    );
    await Promise.race([stopped, this.exited, startFailed, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    await this.stopSandboxes();
    await this.process.terminate();
    this.process.port.close();
  }

  /** The process id of the embedded sandbox this core launched last and that still runs. */
  sandboxPid(): number | undefined {
    return [...this.sandboxes.values()].at(-1)?.pid;
  }

  /** Stops the sandboxes this core launched (a core that died cannot stop them itself). */
  async stopSandboxes(): Promise<void> {
    const running = [...this.sandboxes.values()];
    this.sandboxes.clear();
    await Promise.all(running.map((sandbox) => sandbox.stop().catch(() => undefined)));
  }

  private send(post: () => void): boolean {
    try {
      post();
      return true;
    } catch {
      return false;
    }
  }

  private receive(raw: unknown): void {
    const read = readFrame(CoreFrame, raw);
    if ('problem' in read) return this.refuse(raw, read.problem);
    const frame = read.frame;
    switch (frame.type) {
      case 'ready':
        return this.settleReady?.resolve();
      case 'startFailed':
        return this.settleReady?.reject(new Error(frame.message));
      case 'reply':
        return this.replies.settle(frame.id, frame.reply);
      case 'media':
        return this.media.settle(frame.id, frame.media);
      case 'mediaRoot':
        return this.setMediaRoot(frame.root);
      case 'answer':
        return this.answers.settle(frame.id, frame.outcome);
      case 'stopped':
        return this.stops.settle(frame.id, null);
      case 'event':
        return this.queueEvent(frame.name, frame.json);
      case 'log':
        return this.shell.log[frame.level](frame.message, frame.fields);
      case 'call':
        return void this.answerCall(frame.id, frame.call);
    }
  }

  /**
   * Hands core's events on in order, after the replies core sent before them. A reply settles a
   * promise, which its askers see only once this turn's promise reactions run; an event handed on at
   * once would overtake it wherever several frames arrive in one turn (Node's IPC channel, core's
   * child process, emits every message it has read before any reaction runs): a page would then
   * apply a reply read before the change the event announced, and keep the older state.
   */
  private queueEvent(name: string, json: string): void {
    this.events.push([name, json]);
    if (this.events.length === 1) setImmediate(() => this.flushEvents());
  }

  private flushEvents(): void {
    for (const [name, json] of this.events.splice(0)) this.onEvent(name, json);
  }

  /** Only a folder inside the user data folder's `media/` is taken: nothing else is ever served from. */
  private setMediaRoot(root: string | null): void {
    const path = root === null ? '' : relative(this.mediaFolder, resolvePath(root));
    const inside = root !== null && isAbsolute(root) && path !== '' && path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path);
    if (root !== null && !inside) this.shell.log.error('Cast Studio refused a media folder outside its own from its core.', { root });
    this.mediaRoot = inside ? resolvePath(root) : null;
  }

  private refuse(raw: unknown, problem: { frame: string; reason: string }): void {
    this.shell.log.error('Cast Studio refused a malformed frame from its core.', problem);
    const { type, id } = (typeof raw === 'object' && raw !== null ? raw : {}) as { type?: unknown; id?: unknown };
    if (typeof id !== 'number') return;
    if (type === 'reply') this.replies.settle(id, UNREADABLE_REPLY);
    if (type === 'media') this.media.settle(id, null);
    if (type === 'answer') this.answers.settle(id, { ok: false, error: UNREADABLE_REPLY.error });
  }

  private async answerCall(id: number, call: ShellCall): Promise<void> {
    let outcome: Outcome;
    try {
      outcome = { ok: true, value: await this.perform(call) };
    } catch (error) {
      // AppFailures keep their code; any other shell error (the sandbox did not start) is logged and said as one.
      if (!(error instanceof AppFailure) && error instanceof Error) this.shell.log.warn('A shell call failed.', { reason: error.message });
      outcome = {
        ok: false,
        error: error instanceof AppFailure || !(error instanceof Error) ? toAppError(error) : { code: 'shell_failed', params: {} },
      };
    }
    this.send(() => this.process.port.post({ type: 'answer', id, outcome }));
  }

  private async perform(call: ShellCall): Promise<unknown> {
    const { keychain } = this.shell;
    switch (call.name) {
      case 'keychain.get': {
        const secret = await keychain.get(call.account);
        return { secret, storage: keychain.storage() };
      }
      case 'keychain.set':
        await keychain.set(call.account, call.secret);
        return { storage: keychain.storage() };
      case 'keychain.delete':
        await keychain.delete(call.account);
        return { storage: keychain.storage() };
      case 'sandbox.launch':
        return this.launchSandbox(call.dataDir, call.apiKey);
      case 'sandbox.stop': {
        const sandbox = this.sandboxes.get(call.sandboxId);
        this.sandboxes.delete(call.sandboxId);
        await sandbox?.stop();
        return null;
      }
    }
  }

  private async launchSandbox(dataDir: string, apiKey: string | null): Promise<unknown> {
    if (!this.shell.launchSandbox) throw new AppFailure('no_sandbox', {});
    const launched = await this.shell.launchSandbox({ dataDir, apiKey });
    const sandboxId = this.next++;
    this.sandboxes.set(sandboxId, launched);
    void launched.exited?.then(() => {
      this.sandboxes.delete(sandboxId);
      this.send(() => this.process.port.post({ type: 'sandboxExited', sandboxId }));
    });
    return {
      sandboxId,
      ready: launched.ready,
      ...(launched.pid === undefined ? {} : { pid: launched.pid }),
      watched: launched.exited !== undefined,
    };
  }
}
