import { HocuspocusProvider } from '@hocuspocus/provider';
import * as Y from 'yjs';
import type { SpaceLink, SpaceLinkStatus, SpaceMembership } from '../../../../electron/core/spaces/spaceLink.ts';
import { Session } from '../../../../electron/core/session/session.ts';
import { spaceDocumentName } from '../../../../shared/sync/documentNames.ts';

/**
 * A small real space link for these tests: the space's document over the sync server's WebSocket,
 * held in memory, its provider's events turned into a status. It stands in for the session's own
 * link (`session.spaceLink`) where a session has none.
 */
export class TestSpaceLink implements SpaceLink {
  readonly opened: SpaceMembership[] = [];
  readonly closed: Array<{ forget?: boolean }> = [];
  private current: SpaceLinkStatus = { state: 'connecting', pendingChanges: 0 };
  private readonly listeners = new Set<(status: SpaceLinkStatus) => void>();
  private provider: HocuspocusProvider | null = null;
  private doc: Y.Doc | null = null;

  async open(membership: SpaceMembership): Promise<void> {
    await this.close();
    this.opened.push(membership);
    this.set({ state: 'connecting', pendingChanges: 0 });
    this.doc = new Y.Doc();
    const provider = new HocuspocusProvider({
      url: membership.serverUrl.replace(/^http/, 'ws'),
      name: spaceDocumentName(membership.spaceId),
      document: this.doc,
      token: membership.token,
      onAuthenticationFailed: () => this.set({ state: 'refused', pendingChanges: provider.unsyncedChanges }),
      onSynced: () => this.follow(provider),
      onUnsyncedChanges: () => this.follow(provider),
      onDisconnect: () => {
        if (this.current.state !== 'refused') this.set({ state: 'offline', pendingChanges: provider.unsyncedChanges });
      },
    });
    this.provider = provider;
  }

  async close(options: { forget?: boolean } = {}): Promise<void> {
    if (!this.provider) return;
    this.closed.push(options);
    this.provider.destroy();
    this.doc?.destroy();
    this.provider = null;
    this.doc = null;
  }

  status(): SpaceLinkStatus {
    return this.current;
  }

  onStatus(listener: (status: SpaceLinkStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private follow(provider: HocuspocusProvider): void {
    if (this.current.state === 'refused' || provider !== this.provider) return;
    const pendingChanges = provider.unsyncedChanges;
    this.set({ state: provider.isSynced && pendingChanges === 0 ? 'synced' : 'syncing', pendingChanges });
  }

  private set(status: SpaceLinkStatus): void {
    this.current = status;
    for (const listener of this.listeners) listener(status);
  }
}

/**
 * Gives every session without a space link of its own one of these (the session's own link, where
 * it has one, is an own property and wins). Returns the links made, by session, and the undo.
 */
export function lendSpaceLinks(): { linkOf: (session: object) => TestSpaceLink | undefined; restore: () => void } {
  const links = new WeakMap<object, TestSpaceLink>();
  Object.defineProperty(Session.prototype, 'spaceLink', {
    configurable: true,
    get(this: object) {
      let link = links.get(this);
      if (!link) links.set(this, (link = new TestSpaceLink()));
      return link;
    },
  });
  return {
    linkOf: (session) => links.get(session),
    restore: () => delete (Session.prototype as { spaceLink?: unknown }).spaceLink,
  };
}
