import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import type { SpaceLinkState } from './spaceLink.ts';

export type SpaceConnectionDeps = {
  serverUrl: string;
  /** The member token: sent to the server with each document, never logged. */
  token: string;
  /** Something about the connection changed (its state, a document's sync). */
  changed: () => void;
  /** The server holds every update of this document made here so far. */
  acknowledged: (name: string) => void;
  /** A WebSocket class for the connection (one trusting a server's own certificate); the platform's by default. */
  WebSocket?: unknown;
};

/**
 * A document's provider that leaves what changes before its handshake with the server to the
 * handshake. The provider would queue an update message for each change made offline and send them
 * all on reconnect, each written and acknowledged by the server on its own; the handshake already
 * answers the server's state vector with everything the server lacks as one update (y-protocols
 * sync step 2), which the server writes and acknowledges once. So a machine coming back sends one
 * merged update per document. The provider counts that answer as its one unsynced change from the
 * start of the handshake, so nothing is reported acknowledged before the server holds it.
 */
class SpaceProvider extends HocuspocusProvider {
  override documentUpdateHandler(update: Uint8Array, origin: unknown): void {
    if (!this.isSynced) return;
    super.documentUpdateHandler(update, origin);
  }
}

/**
 * One WebSocket to the sync server carrying every document of the space (Hocuspocus multiplexes
 * them by name), with one provider per document, and what that says of the link's state.
 */
export class SpaceConnection {
  private readonly deps: SpaceConnectionDeps;
  private readonly socket: HocuspocusProviderWebsocket;
  private readonly providers = new Map<string, HocuspocusProvider>();
  private socketStatus: 'connecting' | 'connected' | 'disconnected' = 'connecting';
  /** The socket was connected or failed once: from then on a lost connection reads as offline. */
  private tried = false;
  private refusedReason: string | null = null;

  constructor(deps: SpaceConnectionDeps) {
    this.deps = deps;
    this.socket = new HocuspocusProviderWebsocket({
      url: socketUrl(deps.serverUrl),
      ...(deps.WebSocket ? { WebSocketPolyfill: deps.WebSocket } : {}),
    });
    this.socket.on('status', ({ status }: { status: 'connecting' | 'connected' | 'disconnected' }) => {
      this.socketStatus = status;
      if (status !== 'connecting') this.tried = true;
      deps.changed();
    });
  }

  /** Starts syncing a document over the connection. */
  attach(name: string, doc: Y.Doc): void {
    if (this.providers.has(name)) return;
    const provider = new SpaceProvider({ websocketProvider: this.socket, name, document: doc, token: this.deps.token });
    const settled = (): void => {
      if (provider.isSynced && provider.unsyncedChanges === 0) this.deps.acknowledged(name);
      this.deps.changed();
    };
    provider.on('synced', settled);
    provider.on('unsyncedChanges', settled);
    provider.on('authenticationFailed', ({ reason }: { reason: string }) => this.refuse(reason));
    provider.attach();
    this.providers.set(name, provider);
  }

  /** The document's presence channel (who is there, their cursor), or null when it is not synced here. */
  awareness(name: string): Awareness | null {
    return this.providers.get(name)?.awareness ?? null;
  }

  /**
   * Resolves true once the server holds every update of the document made here so far and has then
   * answered one more sync round (so this machine holds all the server held when it answered);
   * false when that does not happen within `timeoutMs` (offline, or the document is not synced here).
   */
  roundTrip(name: string, timeoutMs: number): Promise<boolean> {
    const provider = this.providers.get(name);
    if (!provider) return Promise.resolve(false);
    return new Promise((resolve) => {
      let asked = false;
      const check = (): void => {
        if (!provider.isSynced || provider.unsyncedChanges > 0) return;
        if (asked) return finish(true);
        // The server answers a sync step 1 with all it holds, then acknowledges our answer to its own.
        asked = true;
        provider.forceSync();
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      const finish = (ok: boolean): void => {
        clearTimeout(timer);
        provider.off('synced', check);
        provider.off('unsyncedChanges', check);
        resolve(ok);
      };
      provider.on('synced', check);
      provider.on('unsyncedChanges', check);
      check();
    });
  }

  detach(name: string): void {
    this.providers.get(name)?.destroy();
    this.providers.delete(name);
  }

  state(): SpaceLinkState {
    if (this.refusedReason !== null) return 'refused';
    if (this.socketStatus !== 'connected') return this.tried ? 'offline' : 'connecting';
    for (const provider of this.providers.values()) if (!provider.isSynced || provider.unsyncedChanges > 0) return 'syncing';
    return 'synced';
  }

  /** Why the server refused the token, or null. */
  refusal(): string | null {
    return this.refusedReason;
  }

  destroy(): void {
    for (const provider of this.providers.values()) provider.destroy();
    this.providers.clear();
    this.socket.destroy();
  }

  /** A refused token stays refused: the connection stops trying until the link is opened again. */
  private refuse(reason: string): void {
    this.refusedReason = reason;
    this.socket.disconnect();
    this.deps.changed();
  }
}

/** The server's WebSocket address: `https://` becomes `wss://`, `http://` becomes `ws://`. */
export function socketUrl(serverUrl: string): string {
  const url = new URL(serverUrl);
  if (url.protocol === 'https:') url.protocol = 'wss:';
  else if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol !== 'ws:' && url.protocol !== 'wss:')
    throw new Error(`The sync server's address must start with https:// or http://.`);
  return url.toString().replace(/\/$/, '');
}
