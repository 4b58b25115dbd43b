import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import type { LineTextEdit } from '../../../shared/ipc/scenes.ts';
import type { ClaimRoom } from './lineClaims.ts';
import { ChangeQueue, localChanges } from './localChanges.ts';
import { ScenePresence } from './scenePresence.ts';
import type { SpaceDocuments, SpaceDocumentsDeps } from './spaceDocuments.ts';
import type { SpaceLink, SpaceLinkStatus, SpaceMembership } from './spaceLink.ts';

const CLOSED: SpaceLinkStatus = { state: 'offline', pendingChanges: 0 };

/**
 * A session's space link that loads Yjs, the provider and the mirrors only when a space first
 * opens: sync is optional, and a start without a space loads only what the first screen needs.
 * Local changes made before then are kept, as SpaceDocuments keeps those made before `open`, and
 * handed to it when it is built.
 */
export class LazySpaceLink implements SpaceLink {
  private readonly deps: SpaceDocumentsDeps;
  private docs: SpaceDocuments | null = null;
  private loading: Promise<SpaceDocuments> | null = null;
  private readonly early = new ChangeQueue();
  private stopEarly: (() => void) | null;
  private readonly listeners = new Set<(status: SpaceLinkStatus) => void>();
  private readonly claimListeners = new Set<(sceneId: string) => void>();
  /** Where this machine's scene editor is, and who else is in that scene. */
  readonly presence: ScenePresence;

  constructor(deps: SpaceDocumentsDeps) {
    this.deps = deps;
    this.presence = new ScenePresence({
      awareness: (sceneId) => this.sceneAwareness(sceneId),
      member: () => this.docs?.member() ?? null,
      announce: (sceneId, others) => deps.announce?.presence?.(sceneId, others),
    });
    this.stopEarly = localChanges(deps.library).listen((change) => this.early.add(change));
  }

  async open(membership: SpaceMembership): Promise<void> {
    await (await this.load()).open(membership);
  }

  async close(options: { forget?: boolean } = {}): Promise<void> {
    this.presence.leave();
    await this.docs?.close(options);
  }

  status(): SpaceLinkStatus {
    return this.docs?.status() ?? CLOSED;
  }

  onStatus(listener: (status: SpaceLinkStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A scene's shared document while the space is open, or null. */
  sceneDocument(sceneId: string): Y.Doc | null {
    return this.docs?.sceneDocument(sceneId) ?? null;
  }

  /** Types into a line's shared text; null when the space is not open or the line is not in its documents (the library takes it then). */
  editLineText(edit: LineTextEdit): string | null {
    return this.docs?.editLineText(edit) ?? null;
  }

  /** A scene's presence channel while the space is connected, or null. */
  sceneAwareness(sceneId: string): Awareness | null {
    return this.docs?.sceneAwareness(sceneId) ?? null;
  }

  /** Where this machine claims a scene's lines before paying for them, or null when the space is not open. */
  claimRoom(sceneId: string): ClaimRoom | null {
    return this.docs?.claimRoom(sceneId) ?? null;
  }

  /** Calls `listener` with a scene's id whenever another machine's line claims in it change. */
  onClaims(listener: (sceneId: string) => void): () => void {
    this.claimListeners.add(listener);
    return () => this.claimListeners.delete(listener);
  }

  /** Stops for good (the session ends): the documents stay on disk. */
  async stop(): Promise<void> {
    this.stopEarly?.();
    this.stopEarly = null;
    this.presence.enter(null, null);
    await this.docs?.stop();
  }

  private load(): Promise<SpaceDocuments> {
    this.loading ??= import('./spaceDocuments.ts').then(({ SpaceDocuments }) => {
      // From here the documents listen themselves; what came before is theirs now, in the same queue.
      this.stopEarly?.();
      this.stopEarly = null;
      const docs = new SpaceDocuments(this.deps, this.early);
      docs.onStatus((status) => {
        this.presence.refresh();
        for (const listener of this.listeners) listener(status);
      });
      docs.onClaims((sceneId) => {
        for (const listener of this.claimListeners) listener(sceneId);
      });
      this.docs = docs;
      return docs;
    });
    return this.loading;
  }
}
