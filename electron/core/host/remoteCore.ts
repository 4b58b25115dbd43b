import type { Reply } from '../../../shared/ipc/bridge.ts';
import type { EventPayload } from '../../../shared/ipc/events.ts';
import type { RouterLike } from '../../../shared/ipc/bridgeFrames.ts';
import type { Core } from '../createCore.ts';
import { Router } from '../ipc/router.ts';
import type { LogFields } from '../log/logger.ts';
import type { StoredFile } from '../media/storedFile.ts';
import type { Session } from '../session/session.ts';
import { CoreLink, type CoreSpawner, type ShellServices } from './coreLink.ts';
import type { CoreStartConfig, ResolvedMedia } from './coreProtocol.ts';

/**
 * How long the app's shells let core stop before ending its thread or process: quitting is bounded
 * even when core is mid-request to a sandbox that does not answer. Core's library is SQLite in WAL
 * mode, which an ended thread or process leaves consistent.
 */
export const SHELL_STOP_GRACE_MS = 4_000;

export type { CoreProcess, CoreSpawner } from './coreLink.ts';

type EventSink = (event: string, payload: unknown) => void;
type CoreState = EventPayload<'core.changed'>;
type JsonSink = (event: string, json: string) => void;

/**
 * The router as a shell sees it: core's commands and events, plus the shell's own (the desktop
 * shell's `shell.*` commands, `notification.clicked`), which never leave the shell.
 */
export type ShellRouter = RouterLike & {
  register: Router['register'];
  emit: Router['emit'];
  /** Events as core's JSON text, for a transport that sends text (the WebSocket bridge). */
  subscribeJson?(sink: JsonSink): () => void;
};

/** Core as both shells hold it, wherever it runs. */
export type ShellCore = {
  router: ShellRouter;
  /** A content id → its file in the store, or null. Never accepts a path. */
  resolveMedia(contentId: string): Promise<ResolvedMedia | null>;
  /** The file a media request is served from: straight from the active library's folder when it is there, else as resolveMedia. */
  mediaFile(contentId: string): Promise<StoredFile | null>;
  setFocused(focused: boolean): void;
  stop(): Promise<void>;
  /** The embedded sandbox's process id while it runs. */
  sandboxPid(): number | undefined;
  /** Test-only: answered inside core by the probe module given at start. */
  probe(op: string, arg?: unknown): Promise<unknown>;
  /** The active session, for tests that start core in the shell's own thread; core elsewhere throws. */
  session(): Session | null;
};

export type RemoteCoreOptions = ShellServices & {
  spawn: CoreSpawner;
  config: Omit<CoreStartConfig, 'keyStorage' | 'sandbox'>;
  /** How long a stopping core may take before its thread or process is ended. Default 30 s; the shells pass SHELL_STOP_GRACE_MS. */
  stopGraceMs?: number;
  /** Restarts within a minute before the shell gives up on core; a start that failed counts until one holds. Default 3. */
  maxRestarts?: number;
  /** How long a core started again may take to become ready; past it, that start has failed. Default 60 s. */
  restartReadyMs?: number;
  /**
   * How long the first core may take to become ready; past it, the shell's start fails and that core
   * is ended. Default 120 s: a first start may migrate a large library.
   */
  firstReadyMs?: number;
};

const RESTART_WINDOW_MS = 60_000;
const seconds = (ms: number) => `${String(ms / 1000)} s`;

/**
 * The first start of core was not ready within `limitMs`: the shell's start fails with it, and the
 * shell words it for the person (a dialog, a terminal line); its message is the log's.
 */
export class CoreNotReadyError extends Error {
  readonly limitMs: number;

  constructor(limitMs: number, message: string) {
    super(message);
    this.name = 'CoreNotReadyError';
    this.limitMs = limitMs;
  }
}
const CORE_DOWN = {
  ok: false as const,
  error: {
    code: 'core_stopped',
    params: {},
  },
} satisfies Reply<never>;

/** What the page is told (`core.changed`) as core ends, starts again, or is given up on. */
export const CORE_STATES = {
  /** What a page that asks (`shell.coreState`) hears while the first core runs: nothing to show. */
  started: { state: 'running', notice: 'started' },
  /** Core stopped unexpectedly and is started again. */
  restarting: { state: 'restarting', notice: 'restarting' },
  /** Core was given up on, and the person asked to start it again (`shell.restartCore`). */
  startingAgain: { state: 'restarting', notice: 'starting_again' },
  running: { state: 'running', notice: 'running_again' },
  /** Core keeps stopping, so it was not started again: the person may start it again. */
  stopped: { state: 'stopped', notice: 'stopped' },
} as const satisfies Record<string, EventPayload<'core.changed'>>;

/**
 * Starts core elsewhere (a child process, a utility process) and holds it: the same surface the
 * shells used when core ran beside them, over the protocol of coreProtocol.ts. When core ends
 * unexpectedly the shell says so in its log, answers the requests it had in flight with a
 * sentence, stops the sandbox that core had launched, and starts core again on the same folder:
 * what was queued is in the library and resumes from there. A start again that fails, or is not
 * ready in time, counts as a restart too; past the limit core is given up and the page told so,
 * and a page that connects later asks the shell (`shell.coreState`). Given up, core starts again
 * only when the person asks (`shell.restartCore`), with a fresh budget of restarts. The first start
 * is bounded in time too (`firstReadyMs`): a core that never becomes ready fails the shell's start.
 */
export async function startRemoteCore(options: RemoteCoreOptions): Promise<ShellCore> {
  const remote = new RemoteCore(options);
  await remote.started();
  return remote.surface();
}

class RemoteCore {
  private readonly options: RemoteCoreOptions;
  private readonly local = new Router();
  private readonly localCommands = new Set<string>();
  private readonly sinks = new Set<EventSink>();
  private readonly jsonSinks = new Set<JsonSink>();
  /** When each restart that became ready was begun, for the limit of restarts a minute. */
  private readonly restarts: number[] = [];
  /** Starts again that failed since core last ran: they count toward the limit until a start holds. */
  private failedStarts = 0;
  /** The core started last: the one that runs, the one starting, or the one that ended. */
  private link: CoreLink;
  /** The core that became ready and runs; null while core starts again or once it is given up. */
  private live: CoreLink | null = null;
  private current: Promise<CoreLink | null>;
  private stopping: Promise<void> | null = null;
  /** What the page was last told about core, answered to a page that asks (`shell.coreState`). */
  private told: CoreState = CORE_STATES.started;

  constructor(options: RemoteCoreOptions) {
    this.options = options;
    this.local.register('shell.coreState', () => this.told);
    this.local.register('shell.restartCore', () => this.startAgain());
    this.localCommands.add('shell.coreState').add('shell.restartCore');
    this.link = this.spawn();
    const first = this.link;
    const firstMs = this.options.firstReadyMs ?? 120_000;
    const late = () => new CoreNotReadyError(firstMs, `Cast Studio’s core did not start within ${seconds(firstMs)}.`);
    this.current = readyWithin(first, firstMs, late).then(() => {
      this.live = first;
      return first;
    });
  }

  /**
   * The first start: a core that fails it (ends before it is ready, or is not ready in time) fails
   * the shell's start, with its sentence, and is ended.
   */
  started(): Promise<unknown> {
    return this.current.catch(async (error: unknown) => {
      this.stopping = this.link.stop(0);
      await this.stopping;
      throw error;
    });
  }

  surface(): ShellCore {
    const local = this.local;
    const router: ShellRouter = {
      handle: (command, input) => (this.localCommands.has(command) ? local.handle(command, input) : this.invoke(command, input)),
      subscribe: (sink) => this.subscribe(this.sinks, sink, sink),
      subscribeJson: (sink) => this.subscribe(this.jsonSinks, sink, (event, payload) => sink(event, JSON.stringify(payload))),
      register: (command, handler) => {
        local.register(command, handler);
        this.localCommands.add(command);
      },
      emit: (event, payload) => local.emit(event, payload),
    };
    return {
      router,
      resolveMedia: async (contentId) => (await this.current.catch(() => null))?.resolveMedia(contentId) ?? null,
      mediaFile: async (contentId) => (await this.current.catch(() => null))?.mediaFile(contentId) ?? null,
      setFocused: (focused) => void this.current.then((link) => link?.setFocused(focused)).catch(() => undefined),
      stop: () => (this.stopping ??= this.stop()),
      sandboxPid: () => this.link.sandboxPid(),
      probe: (op, arg) => this.probe(op, arg),
      session: () => {
        throw new Error("Core runs in a process of its own here: start the host with { core: 'in-thread' } to look inside its session.");
      },
    };
  }

  private spawn(): CoreLink {
    const { keychain, launchSandbox, log } = this.options;
    const config: CoreStartConfig = {
      ...this.options.config,
      keyStorage: keychain.storage(),
      sandbox: launchSandbox !== undefined,
    };
    const link = new CoreLink(this.options.spawn(), config, { keychain, launchSandbox, log }, (name, json) => this.deliver(name, json));
    void link.exited.then((exit) => this.ended(link, exit.code));
    return link;
  }

  /** Core ended. Unless the shell was stopping it, or it never became ready, that is a crash: start core again. */
  private ended(link: CoreLink, code: number | null): void {
    if (this.stopping || link !== this.live) return;
    this.live = null;
    this.restartFrom(link, { code }, CORE_STATES.restarting);
  }

  /**
   * The person's ask to start core again (`shell.restartCore`). Only a core given up on starts
   * again, with a fresh budget of restarts: one that runs or is starting again already is left be.
   * Answers the state the page is in after the ask.
   */
  private startAgain(): CoreState {
    if (this.told.state !== 'stopped' || this.stopping) return this.told;
    this.restarts.length = 0;
    this.failedStarts = 0;
    this.restartFrom(this.link, { reason: 'asked from the page' }, CORE_STATES.startingAgain);
    // recover() told the page `restarting` before its first wait.
    return this.told;
  }

  /** Core starts again after `ended`; requests wait for it. What the page is told meanwhile: `telling`. */
  private restartFrom(ended: CoreLink, why: LogFields, telling: CoreState): void {
    // A core that cannot even be spawned is given up at once: the page is told, never left waiting.
    this.current = this.recover(ended, why, telling).catch((error: unknown) =>
      this.giveUp(this.link, { reason: error instanceof Error ? error.message : String(error) }),
    );
  }

  /**
   * Starts core again until a start holds, or gives up once core keeps stopping. A start that
   * fails, or is not ready within `restartReadyMs`, counts as a restart as a crash does: the page
   * is told `stopped` instead of waiting on `restarting` for ever. Resolves to the core that runs.
   */
  private async recover(ended: CoreLink, why: LogFields, telling: CoreState): Promise<CoreLink | null> {
    let last = ended;
    let fields = why;
    while (!this.stopping) {
      if (!this.mayRestart()) return this.giveUp(last, fields);
      const begun = Date.now();
      this.logStartAgain(telling, fields);
      this.tell(telling);
      // The sandbox that core launched must go first: the new core launches its own on the same port.
      await last.stopSandboxes();
      if (this.stopping) break;
      last = this.link = this.spawn();
      const failure = await this.readyOrFailure(last);
      if (this.stopping) break;
      if (failure === null) return this.running(last, begun);
      this.failedStarts += 1;
      fields = { reason: failure };
      // A core that did not start may still hold its thread: end it at once, it has nothing to close.
      await last.stop(0);
    }
    return null;
  }

  private logStartAgain(telling: CoreState, fields: LogFields): void {
    const { log } = this.options;
    if (this.failedStarts > 0) log.error('Cast Studio’s core did not start; starting it again.', fields);
    else if (telling === CORE_STATES.startingAgain) log.info('Starting Cast Studio’s core again, as asked.', fields);
    else log.error('Cast Studio’s core stopped unexpectedly; starting it again.', fields);
  }

  private mayRestart(): boolean {
    const now = Date.now();
    while (this.restarts.length > 0 && now - (this.restarts[0] ?? 0) > RESTART_WINDOW_MS) this.restarts.shift();
    return this.restarts.length + this.failedStarts < (this.options.maxRestarts ?? 3);
  }

  private running(link: CoreLink, begun: number): CoreLink {
    this.restarts.push(begun);
    this.failedStarts = 0;
    this.live = link;
    this.options.log.info('Cast Studio’s core is running again.');
    this.tell(CORE_STATES.running);
    return link;
  }

  private giveUp(last: CoreLink, fields: LogFields): null {
    this.options.log.error('Cast Studio’s core keeps stopping; it is not started again.', fields);
    void last.stopSandboxes();
    this.tell(CORE_STATES.stopped);
    return null;
  }

  /** Null once `link` is ready; else why its start failed (its sentence, its end, or the time it took). */
  private async readyOrFailure(link: CoreLink): Promise<string | null> {
    try {
      const limitMs = this.options.restartReadyMs ?? 60_000;
      await readyWithin(link, limitMs, () => new Error(`Cast Studio’s core was not ready within ${seconds(limitMs)}.`));
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  private tell(state: CoreState): void {
    if (this.told === state) return;
    this.told = state;
    this.local.emit('core.changed', state);
  }

  private async invoke(command: string, input: unknown): Promise<Reply<unknown>> {
    const link = await this.current.catch(() => null);
    return link ? link.invoke(command, input) : CORE_DOWN;
  }

  private async probe(op: string, arg: unknown): Promise<unknown> {
    const link = await this.current;
    if (!link) throw new Error('Cast Studio’s core stopped and could not start again.');
    const outcome = await link.probe(op, arg);
    if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.serviceMessage ?? JSON.stringify(outcome.error.params)}`);
    return outcome.value;
  }

  private subscribe<S>(set: Set<S>, sink: S, localSink: EventSink): () => void {
    set.add(sink);
    const unsubscribeLocal = this.local.subscribe(localSink);
    return () => {
      set.delete(sink);
      unsubscribeLocal();
    };
  }

  /** Core's event to every subscriber: text as it came to text sinks, parsed once for the others. */
  private deliver(name: string, json: string): void {
    for (const sink of this.jsonSinks) sink(name, json);
    if (this.sinks.size === 0) return;
    const payload: unknown = JSON.parse(json);
    for (const sink of this.sinks) sink(name, payload);
  }

  /** Stops the core started last, whether it runs, is starting (perhaps never to be ready) or has ended. */
  private async stop(): Promise<void> {
    await this.link.stop(this.options.stopGraceMs ?? 30_000);
  }
}

/** Settles once `link` is ready; fails with core's sentence, or with `tooLate()` once past `limitMs`. */
async function readyWithin(link: CoreLink, limitMs: number, tooLate: () => Error): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(tooLate()), limitMs);
  });
  try {
    await Promise.race([link.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Core in the shell's own thread, held like a remote one (tests that look inside its session). */
export function inThreadCore(core: Core): ShellCore {
  // Core in this thread runs as long as the shell does: there is never a core to start again.
  core.router.register('shell.coreState', () => CORE_STATES.started);
  core.router.register('shell.restartCore', () => CORE_STATES.started);
  return {
    router: core.router,
    resolveMedia: async (contentId) => core.resolveMedia(contentId),
    mediaFile: async (contentId) => core.resolveMedia(contentId),
    setFocused: (focused) => core.setFocused(focused),
    stop: () => core.stop(),
    sandboxPid: () => core.sandboxPid(),
    probe: async () => {
      throw new Error('Core runs in this thread: reach it directly instead of probing.');
    },
    session: () => core.session(),
  };
}
