import { IPC_VERSION, type Bridge, type Reply, type WireMessage, type WireRequest } from '../../shared/ipc/bridge.ts';
import type { AppError, CommandInput, CommandName, CommandOutput, EventName, EventPayload } from '../../shared/ipc/index.ts';
import { bridgeProtocols, CLOSE_INCOMPATIBLE, CLOSE_SESSION_ENDED, SESSION_HEADER, UPLOAD_PATH } from '../../shared/ipc/bridgeFrames.ts';

/**
 * `refused`: the page's launch link was spent or expired and the tab holds no session.
 * `ended`: the tab's session ended (in Settings, or unused too long); a new link opens a new one.
 */
export type BridgeStatus = 'connecting' | 'open' | 'reconnecting' | 'incompatible' | 'refused' | 'ended' | 'closed';

/** The part of the DOM WebSocket this client uses, so tests can run it in Node against a real host. */
export type SocketLike = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
};
/** `protocols` carries the session token (shared/ipc/bridgeFrames.ts), never the URL. */
type SocketFactory = (url: string, protocols: string[]) => SocketLike;
type Fetch = (
  url: string,
  init: { method: string; body: Blob; headers: Record<string, string> },
) => Promise<{ status: number; text(): Promise<string> }>;

export type WebSocketBridgeOptions = {
  /** `ws(s)://host/bridge`, without the query: the IPC version is added here, the token goes in the subprotocols. */
  url: string;
  /** The session token, or how to get it once (renderer/bridge/hostToken.ts); null: refused. */
  token: string | (() => Promise<string | null>);
  createSocket?: SocketFactory;
  /** For uploads; the page's own fetch by default (it sends the page's Origin). */
  fetch?: Fetch;
  /** Backoff between attempts: 250 ms doubling to this cap, with jitter. */
  maxDelayMs?: number;
};

type Pending = { resolve: (reply: Reply<unknown>) => void; request: WireRequest; sent: boolean };

const OPEN = 1;

/**
 * The browser host's transport: one WebSocket carrying numbered invokes and their replies, plus
 * events fanned out to every `on` handler. Invokes made while the socket is down wait and go out
 * when it is back; an invoke already sent when the socket drops is answered `connection_lost`,
 * because the host may or may not have run it (paid work is safe either way: core's queue owns the
 * idempotency key, so the user checks the queue instead of clicking twice).
 */
export class WebSocketBridge implements Bridge {
  private readonly options: Required<WebSocketBridgeOptions>;
  private session: Promise<string | null> | null = null;
  private socket: SocketLike | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly handlers = new Map<string, Set<(payload: unknown) => void>>();
  private readonly statusListeners = new Set<(status: BridgeStatus) => void>();
  private current: BridgeStatus = 'connecting';
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private verified = false;
  /**
   * The version check's `app.info` answer on this connection. It does not change while the host
   * runs, so the page's own `app.info` is answered from it instead of asking core a second time.
   */
  private info: Reply<unknown> | null = null;

  constructor(options: WebSocketBridgeOptions) {
    this.options = {
      createSocket: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike,
      fetch: (url, init) => fetch(url, init),
      maxDelayMs: 5000,
      ...options,
    };
    void this.connect();
  }

  get status(): BridgeStatus {
    return this.current;
  }

  /** Tells the listener the connection state now and on every change; returns the unsubscribe. */
  onStatus(listener: (status: BridgeStatus) => void): () => void {
    this.statusListeners.add(listener);
    listener(this.current);
    return () => this.statusListeners.delete(listener);
  }

  invoke<C extends CommandName>(command: C, input: CommandInput<C>): Promise<Reply<CommandOutput<C>>> {
    if (command === 'app.info' && this.info) return Promise.resolve(this.info as Reply<CommandOutput<C>>);
    return this.send(command, input) as Promise<Reply<CommandOutput<C>>>;
  }

  on<E extends EventName>(event: E, handler: (payload: EventPayload<E>) => void): () => void {
    const set = this.handlers.get(event) ?? new Set();
    const wrapped = handler as (payload: unknown) => void;
    set.add(wrapped);
    this.handlers.set(event, set);
    return () => {
      set.delete(wrapped);
    };
  }

  /**
   * Sends a file to the host's upload route, streamed: no frame of the socket carries it. Core
   * checks its type and size and answers as `uploads.fromPath` does in the desktop app.
   */
  async upload(file: Blob, contentType: string): Promise<Reply<CommandOutput<'uploads.create'>>> {
    const token = await this.sessionToken();
    if (!token) return { ok: false, error: refusedError };
    const url = `${this.options.url.replace(/^ws/, 'http').replace(/\/bridge$/, '')}${UPLOAD_PATH}`;
    try {
      const response = await this.options.fetch(url, {
        method: 'PUT',
        body: file,
        headers: { [SESSION_HEADER]: token, 'Content-Type': contentType },
      });
      const reply = JSON.parse(await response.text()) as Reply<CommandOutput<'uploads.create'>>;
      if (typeof reply === 'object' && reply !== null && typeof reply.ok === 'boolean') return reply;
    } catch {
      // falls through to the sentence below
    }
    return { ok: false, error: uploadLostError };
  }

  /** Stops reconnecting and answers everything still waiting. */
  close(): void {
    this.setStatus('closed');
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close(1000, 'closed by the page');
    this.socket = null;
    this.failAll(closedError);
  }

  private send(command: string, input: unknown, bypassVerification = false): Promise<Reply<unknown>> {
    if (this.current === 'incompatible') return Promise.resolve({ ok: false, error: incompatibleError });
    if (this.current === 'refused') return Promise.resolve({ ok: false, error: refusedError });
    if (this.current === 'ended') return Promise.resolve({ ok: false, error: sessionEndedError });
    if (this.current === 'closed') return Promise.resolve({ ok: false, error: closedError });
    const request: WireRequest = { type: 'invoke', id: this.nextId++, command, input };
    return new Promise((resolve) => {
      const entry: Pending = { resolve, request, sent: false };
      this.pending.set(request.id, entry);
      if (this.verified || bypassVerification) this.transmit(entry);
    });
  }

  private transmit(entry: Pending): void {
    if (!this.socket || this.socket.readyState !== OPEN) return;
    this.socket.send(JSON.stringify(entry.request));
    entry.sent = true;
  }

  /** The session token, asked for once: a launch code can be traded only once. */
  private sessionToken(): Promise<string | null> {
    const { token } = this.options;
    this.session ??= typeof token === 'string' ? Promise.resolve(token) : token().catch(() => null);
    return this.session;
  }

  private async connect(): Promise<void> {
    if (this.isFinal()) return;
    const token = await this.sessionToken();
    if (this.isFinal()) return;
    if (!token) {
      this.setStatus('refused');
      this.failAll(refusedError);
      return;
    }
    const query = new URLSearchParams({ v: String(IPC_VERSION) });
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(`${this.options.url}?${query.toString()}`, bridgeProtocols(token));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => void this.verify();
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => undefined; // a close event always follows and carries the decision
    socket.onclose = (event) => this.closed(socket, event.code);
  }

  /** Both ends check the IPC version: the host through `v` in the URL, the page through app.info. */
  private async verify(): Promise<void> {
    const reply = await this.send('app.info', {}, true);
    // The socket closed for good meanwhile (the session had ended): nothing to verify.
    if (this.isFinal()) return;
    if (reply.ok) {
      const info = reply.value as { ipcVersion?: unknown };
      if (info.ipcVersion !== IPC_VERSION) {
        this.becomeIncompatible();
        return;
      }
    } else if (reply.error.code === 'connection_lost') {
      return; // the close handler reconnects
    }
    this.verified = true;
    this.attempt = 0;
    if (reply.ok) this.info = reply;
    this.setStatus('open');
    for (const [id, entry] of this.pending) {
      if (entry.sent) continue;
      if (this.info && entry.request.command === 'app.info') {
        this.pending.delete(id);
        entry.resolve(this.info);
      } else this.transmit(entry);
    }
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: WireMessage;
    try {
      message = JSON.parse(data) as WireMessage;
    } catch {
      return;
    }
    if (message.type === 'reply') {
      const entry = this.pending.get(message.id);
      if (!entry) return;
      this.pending.delete(message.id);
      entry.resolve(message.reply);
    } else if (message.type === 'event') {
      for (const handler of [...(this.handlers.get(message.event) ?? [])]) {
        try {
          handler(message.payload);
        } catch (error) {
          // One broken listener must not starve the others of the event.
          console.error(`A handler of ${message.event} failed`, error);
        }
      }
    }
  }

  private closed(socket: SocketLike, code: number): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.verified = false;
    this.info = null;
    if (code === CLOSE_SESSION_ENDED) {
      // The host ran none of what was sent once the session had ended: each is answered so.
      this.setStatus('ended');
      this.failAll(sessionEndedError);
      return;
    }
    for (const [id, entry] of this.pending) {
      if (!entry.sent) continue;
      this.pending.delete(id);
      entry.resolve({ ok: false, error: lostError });
    }
    if (code === CLOSE_INCOMPATIBLE) this.becomeIncompatible();
    else this.scheduleReconnect();
  }

  private isFinal(): boolean {
    return this.current === 'closed' || this.current === 'incompatible' || this.current === 'refused' || this.current === 'ended';
  }

  private scheduleReconnect(): void {
    if (this.isFinal()) return;
    this.setStatus(this.attempt === 0 && this.current === 'connecting' ? 'connecting' : 'reconnecting');
    const base = Math.min(this.options.maxDelayMs, 250 * 2 ** this.attempt);
    this.attempt += 1;
    const delay = base / 2 + Math.random() * (base / 2);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, delay);
  }

  private becomeIncompatible(): void {
    this.setStatus('incompatible');
    this.socket?.close(1000, 'incompatible');
    this.socket = null;
    this.failAll(incompatibleError);
  }

  private failAll(error: AppError): void {
    for (const entry of this.pending.values()) entry.resolve({ ok: false, error });
    this.pending.clear();
  }

  private setStatus(status: BridgeStatus): void {
    if (this.current === status) return;
    this.current = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }
}

const lostError: AppError = { code: 'connection_lost', params: { when: 'page' } };
const incompatibleError: AppError = { code: 'ipc_version_mismatch', params: {} };
const refusedError: AppError = { code: 'session_refused', params: {} };
const sessionEndedError: AppError = { code: 'session_ended', params: {} };
const uploadLostError: AppError = { code: 'connection_lost', params: { when: 'upload' } };
const closedError: AppError = { code: 'connection_closed', params: {} };
