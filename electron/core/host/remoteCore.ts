import type { Reply } from '../../../shared/ipc/bridge.ts';
import type { EventPayload } from '../../../shared/ipc/events.ts';
import type { RouterLike } from '../../../shared/ipc/bridgeFrames.ts';
import type { Core } from '../createCore.ts';
import { Router } from '../ipc/router.ts';
import type { Session } from '../session/session.ts';
import { CoreLink, type CoreSpawner, type ShellServices } from './coreLink.ts';
import type { CoreStartConfig, ResolvedMedia } from './coreProtocol.ts';

export type { CoreProcess, CoreSpawner } from './coreLink.ts';

type EventSink = (event: string, payload: unknown) => void;
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
  config: Omit<CoreStartConfig, 'keychainDescription' | 'sandbox'>;
  /** How long a stopping core may take before its thread or process is ended. Default 30 s. */
  stopGraceMs?: number;
  /** Restarts within a minute before the shell gives up on core. Default 3. */
  maxRestarts?: number;
};

const RESTART_WINDOW_MS = 60_000;
const CORE_DOWN = {
  ok: false as const,
  error: { code: 'core_stopped', message: 'Cast Studio’s core stopped and could not start again. Quit Cast Studio and open it again.' },
} satisfies Reply<never>;

/** What the page is told (`core.changed`) as core ends, starts again, or is given up on. */
export const CORE_STATES = {
  restarting: {
    state: 'restarting',
    message: 'Cast Studio’s core stopped unexpectedly. Starting it again… Your queued work is safe.',
  },
  running: { state: 'running', message: 'Cast Studio’s core is running again.' },
  stopped: {
    state: 'stopped',
    message:
      'Cast Studio’s core keeps stopping, so it was not started again. Quit Cast Studio and open it again; your queued work is kept.',
  },
} as const satisfies Record<string, EventPayload<'core.changed'>>;

/**
 * Starts core elsewhere (a worker thread, a utility process) and holds it: the same surface the
 * shells used when core ran beside them, over the protocol of coreProtocol.ts. When core ends
 * unexpectedly the shell says so in its log, answers the requests it had in flight with a
 * sentence, stops the sandbox that core had launched, and starts core again on the same folder:
 * what was queued is in the library and resumes from there.
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
  private readonly restarts: number[] = [];
  private link: CoreLink;
  private current: Promise<CoreLink | null>;
  private stopping: Promise<void> | null = null;
  private up = false;

  constructor(options: RemoteCoreOptions) {
    this.options = options;
    this.link = this.spawn();
    this.current = this.link.ready.then(() => {
      this.up = true;
      return this.link;
    });
  }

  /** The first start: a core that fails it (or ends before it is ready) fails the shell's start, with its sentence. */
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
      setFocused: (focused) => void this.current.then((link) => link?.setFocused(focused)).catch(() => undefined),
      stop: () => (this.stopping ??= this.stop()),
      sandboxPid: () => this.link.sandboxPid(),
      probe: (op, arg) => this.probe(op, arg),
      session: () => {
        throw new Error("Core runs in a worker here: start the host with { core: 'in-thread' } to look inside its session.");
      },
    };
  }

  private spawn(): CoreLink {
    const { keychain, launchSandbox, log } = this.options;
    const config: CoreStartConfig = {
      ...this.options.config,
      keychainDescription: keychain.describe(),
      sandbox: launchSandbox !== undefined,
    };
    const link = new CoreLink(this.options.spawn(), config, { keychain, launchSandbox, log }, (name, json) => this.deliver(name, json));
    void link.exited.then((exit) => this.ended(link, exit.code));
    return link;
  }

  /** Core ended. Unless the shell was stopping it, that is a crash: report it and start core again. */
  private ended(link: CoreLink, code: number | null): void {
    if (this.stopping || !this.up || link !== this.link) return;
    const now = Date.now();
    while (this.restarts.length > 0 && now - (this.restarts[0] ?? 0) > RESTART_WINDOW_MS) this.restarts.shift();
    const restarting = this.restarts.length < (this.options.maxRestarts ?? 3);
    this.options.log.error(
      restarting
        ? 'Cast Studio’s core stopped unexpectedly; starting it again.'
        : 'Cast Studio’s core keeps stopping; it is not started again.',
      { code },
    );
    if (!restarting) {
      this.current = Promise.resolve(null);
      void link.stopSandboxes();
      this.local.emit('core.changed', CORE_STATES.stopped);
      return;
    }
    this.restarts.push(now);
    this.local.emit('core.changed', CORE_STATES.restarting);
    // The sandbox that core launched must go first: the new core launches its own on the same port.
    this.current = link.stopSandboxes().then(async () => {
      this.link = this.spawn();
      await this.link.ready;
      this.options.log.info(CORE_STATES.running.message);
      this.local.emit('core.changed', CORE_STATES.running);
      return this.link;
    });
    this.current.catch(() => undefined);
  }

  private async invoke(command: string, input: unknown): Promise<Reply<unknown>> {
    const link = await this.current.catch(() => null);
    return link ? link.invoke(command, input) : CORE_DOWN;
  }

  private async probe(op: string, arg: unknown): Promise<unknown> {
    const link = await this.current;
    if (!link) throw new Error(CORE_DOWN.error.message);
    const outcome = await link.probe(op, arg);
    if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
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

  private async stop(): Promise<void> {
    const link = await this.current.catch(() => this.link);
    await (link ?? this.link).stop(this.options.stopGraceMs ?? 30_000);
  }
}

/** Core in the shell's own thread, held like a remote one (tests that look inside its session). */
export function inThreadCore(core: Core): ShellCore {
  return {
    router: core.router,
    resolveMedia: async (contentId) => core.resolveMedia(contentId),
    setFocused: (focused) => core.setFocused(focused),
    stop: () => core.stop(),
    sandboxPid: () => core.sandboxPid(),
    probe: async () => {
      throw new Error('Core runs in this thread: reach it directly instead of probing.');
    },
    session: () => core.session(),
  };
}
