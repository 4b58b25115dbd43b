import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import type { LineTextEdit, ScenePresenceMember } from '../../../shared/ipc/scenes.ts';
import { parseDocumentName, sceneDocumentName, spaceDocumentName } from '../../../shared/sync/documentNames.ts';
import { CastVoiceStore } from '../cast/castVoiceStore.ts';
import type { Clock } from '../clock/clock.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import type { Logger } from '../log/logger.ts';
import { SceneStore } from '../scenes/sceneStore.ts';
import { LOCAL_ORIGIN, STORED_ORIGIN } from './documentOrigins.ts';
import { EnglishUntitled } from './englishUntitled.ts';
import { ChangeQueue, localChanges, type LocalChange } from './localChanges.ts';
import { observeClaims, type ClaimRoom } from './lineClaims.ts';
import { SceneMirror } from './sceneMirror.ts';
import { SpaceConnection, socketUrl } from './spaceConnection.ts';
import type { SpaceLink, SpaceLinkStatus, SpaceMembership } from './spaceLink.ts';
import { SpaceMirror, type SpaceImport } from './spaceMirror.ts';
import { SpaceMirrorStore } from './spaceMirrorStore.ts';
import { SpaceUpdateStore } from './spaceUpdateStore.ts';
import { StoredDocuments } from './storedDocuments.ts';

/** How the screens hear of what another machine changed (the events they already listen to). */
export type SpaceAnnouncer = {
  scene(sceneId: string): void;
  sceneRemoved(sceneId: string): void;
  /** Gallery items whose favourite mark or collections changed. */
  items(itemIds: string[]): void;
  /** Collections were made, renamed or removed. */
  collections(): void;
  castVoice(characterId: string): void;
  /** Who else is in a scene the editor is on (scenePresence.ts). */
  presence?(sceneId: string, others: ScenePresenceMember[]): void;
};

export type SpaceDocumentsDeps = {
  library: LibraryDatabase;
  /** Where each space's documents are kept (a file per space beside the library). */
  folder: string;
  clock: Clock;
  log: Logger;
  announce?: SpaceAnnouncer;
  /** A WebSocket class for the connection; the platform's by default. */
  WebSocket?: unknown;
};

const SEEDED = 'seeded';

type OpenSpace = {
  membership: SpaceMembership;
  store: SpaceUpdateStore;
  docs: StoredDocuments;
  connection: SpaceConnection | null;
  untitled: EnglishUntitled;
};

/**
 * A space's shared documents on this machine: kept on disk (they open and take edits offline),
 * synced with the space's server over one WebSocket, and mirrored into the library, whose tables
 * stay what every screen and query reads. Built with the session; opened once there is a membership.
 */
export class SpaceDocuments implements SpaceLink {
  private readonly deps: SpaceDocumentsDeps;
  private readonly scenes: SceneMirror;
  private readonly space: SpaceMirror;
  private readonly listeners = new Set<(status: SpaceLinkStatus) => void>();
  private readonly claimListeners = new Set<(sceneId: string) => void>();
  /** Local changes made before the space was opened, written into its documents when it is. */
  private readonly queued: ChangeQueue;
  private readonly importsDue = new Set<string>();
  /** Items came into the library since the space's document was last read into it. */
  private itemsArrived = false;
  private importTimer: NodeJS.Immediate | null = null;
  private current: OpenSpace | null = null;
  private last: SpaceLinkStatus = { state: 'offline', pendingChanges: 0 };
  private readonly stopListening: () => void;

  /** `queued`: local changes kept before this was built (the session's lazy link hands its queue over). */
  constructor(deps: SpaceDocumentsDeps, queued = new ChangeQueue()) {
    this.deps = deps;
    this.queued = queued;
    const changes = localChanges(deps.library);
    const now = (): string => new Date(deps.clock.now()).toISOString();
    this.scenes = new SceneMirror({ scenes: new SceneStore(deps.library), changes, now });
    this.space = new SpaceMirror({ store: new SpaceMirrorStore(deps.library), cast: new CastVoiceStore(deps.library), changes, now });
    this.stopListening = changes.listen((change) => this.localChange(change));
  }

  async open(membership: SpaceMembership): Promise<void> {
    if (this.current) await this.close();
    // A wrong address or space id is refused before anything is opened.
    socketUrl(membership.serverUrl);
    const spaceName = spaceDocumentName(membership.spaceId);
    const store = SpaceUpdateStore.open(this.fileOf(membership.spaceId));
    const docs = new StoredDocuments(
      store,
      () => this.now(),
      () => this.report(),
    );
    this.current = { membership, store, docs, connection: null, untitled: new EnglishUntitled(store, () => this.now()) };
    this.watch(spaceName, docs.open(spaceName));
    for (const sceneId of this.space.listedScenes(docs.open(spaceName)).keys()) this.openScene(sceneId);
    const waited = this.queued.take();
    if (store.fact(SEEDED) === null || waited.overflowed) {
      this.seed();
      store.setFact(SEEDED, this.now());
    }
    for (const change of waited.changes) this.exportChange(change);
    this.importDocument(spaceName);
    this.connect(membership);
    this.report();
  }

  async close(options: { forget?: boolean } = {}): Promise<void> {
    const open = this.current;
    if (!open) return;
    this.current = null;
    this.importsDue.clear();
    open.connection?.destroy();
    open.docs.closeAll();
    open.store.close();
    if (options.forget) for (const suffix of ['', '-wal', '-shm']) rmSync(this.fileOf(open.membership.spaceId) + suffix, { force: true });
    this.report();
    await Promise.resolve();
  }

  status(): SpaceLinkStatus {
    const open = this.current;
    if (!open) return { state: 'offline', pendingChanges: 0 };
    return { state: open.connection?.state() ?? 'connecting', pendingChanges: open.docs.pending() };
  }

  onStatus(listener: (status: SpaceLinkStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A scene's shared document while the space is open (an editor binding to a line's text), or null. */
  sceneDocument(sceneId: string): Y.Doc | null {
    const open = this.current;
    return open ? open.docs.get(sceneDocumentName(open.membership.spaceId, sceneId)) : null;
  }

  /** A scene's presence channel while the space is connected (who is in the scene, who types where), or null. */
  sceneAwareness(sceneId: string): Awareness | null {
    const open = this.current;
    return open?.connection?.awareness(sceneDocumentName(open.membership.spaceId, sceneId)) ?? null;
  }

  /** Where this machine claims a scene's lines before paying for them (lineClaims.ts), or null when the space is not open. */
  claimRoom(sceneId: string): ClaimRoom | null {
    const open = this.current;
    const doc = this.sceneDocument(sceneId);
    if (!open || !doc) return null;
    const name = sceneDocumentName(open.membership.spaceId, sceneId);
    const { memberId, memberName } = open.membership;
    return { doc, memberId, memberName, roundTrip: (timeoutMs) => open.connection?.roundTrip(name, timeoutMs) ?? Promise.resolve(false) };
  }

  /** Calls `listener` with a scene's id whenever another machine's line claims in it change. */
  onClaims(listener: (sceneId: string) => void): () => void {
    this.claimListeners.add(listener);
    return () => this.claimListeners.delete(listener);
  }

  /** Types into a line's shared text (sceneMirror.ts); null when the scene or line is not in the open space's documents. */
  editLineText(edit: LineTextEdit): string | null {
    const doc = this.sceneDocument(edit.sceneId);
    return doc ? this.scenes.editLineText(doc, edit) : null;
  }

  /** Who this machine is in the open space, or null. */
  member(): { memberId: string; memberName: string } | null {
    const membership = this.current?.membership;
    return membership ? { memberId: membership.memberId, memberName: membership.memberName } : null;
  }

  /** Stops for good (the session ends): the documents stay on disk. */
  async stop(): Promise<void> {
    this.stopListening();
    await this.close();
  }

  private connect(membership: SpaceMembership): void {
    const open = this.current;
    if (!open) return;
    open.connection = new SpaceConnection({
      serverUrl: membership.serverUrl,
      token: membership.token,
      WebSocket: this.deps.WebSocket,
      changed: () => this.report(),
      acknowledged: (name) => this.current?.docs.acknowledged(name),
    });
    const spaceName = spaceDocumentName(membership.spaceId);
    open.connection.attach(spaceName, open.docs.open(spaceName));
    for (const sceneId of this.space.listedScenes(open.docs.open(spaceName)).keys()) {
      open.connection.attach(sceneDocumentName(membership.spaceId, sceneId), this.openScene(sceneId));
    }
  }

  /** The library's first time in this space: everything it holds goes into the documents. */
  private seed(): void {
    const spaceDoc = this.spaceDoc();
    if (!spaceDoc) return;
    this.space.seed(spaceDoc);
    for (const sceneId of this.space.listedScenes(spaceDoc).keys()) {
      if (this.scenes.snapshot(sceneId)) this.scenes.exportScene(sceneId, this.openScene(sceneId));
    }
  }

  private localChange(change: LocalChange): void {
    if (!this.current) {
      this.queued.add(change);
      return;
    }
    try {
      this.exportChange(change);
    } catch (error) {
      this.deps.log.warn('A change could not be written into the space’s shared documents.', { error, kind: change.kind });
    }
  }

  private exportChange(change: LocalChange): void {
    if (change.kind === 'itemArrived') {
      this.itemsArrived = true;
      this.importTimer ??= setImmediate(() => this.importDue());
      return;
    }
    const spaceDoc = this.spaceDoc();
    if (!spaceDoc) return;
    this.space.exportChange(spaceDoc, change);
    if (change.kind === 'collection') this.current?.untitled.written('collection', change.collectionId);
    if (change.kind === 'scene') {
      this.scenes.exportScene(change.sceneId, this.openScene(change.sceneId));
      this.current?.untitled.written('scene', change.sceneId);
    }
    if (change.kind === 'sceneRemoved') this.closeScene(change.sceneId);
  }

  /** The scene's document, opened (from disk, and with the server when connected) the first time. */
  private openScene(sceneId: string): Y.Doc {
    const open = this.current as OpenSpace;
    const name = sceneDocumentName(open.membership.spaceId, sceneId);
    const known = open.docs.get(name);
    if (known) return known;
    const doc = open.docs.open(name);
    this.watch(name, doc);
    observeClaims(doc, () => {
      for (const listener of this.claimListeners) listener(sceneId);
    });
    open.connection?.attach(name, doc);
    return doc;
  }

  private closeScene(sceneId: string): void {
    const open = this.current;
    if (!open) return;
    const name = sceneDocumentName(open.membership.spaceId, sceneId);
    this.scenes.forget(sceneId);
    open.connection?.detach(name);
    open.docs.close(name);
  }

  /** Another machine's update to a document is written into the library soon after, once for many updates. */
  private watch(name: string, doc: Y.Doc): void {
    doc.on('update', (_update: Uint8Array, origin: unknown) => {
      if (origin === LOCAL_ORIGIN || origin === STORED_ORIGIN) return;
      this.importsDue.add(name);
      this.importTimer ??= setImmediate(() => this.importDue());
    });
  }

  private importDue(): void {
    this.importTimer = null;
    const names = [...this.importsDue];
    this.importsDue.clear();
    if (this.itemsArrived) this.importItems();
    for (const name of names) {
      try {
        this.importDocument(name);
      } catch (error) {
        this.deps.log.warn('A shared document could not be written into the library.', { error });
      }
    }
  }

  private importDocument(name: string): void {
    const parsed = parseDocumentName(name);
    if (!parsed || !this.current) return;
    if (parsed.kind === 'space') this.importSpace();
    else this.importScene(parsed.sceneId);
  }

  private importSpace(): void {
    const spaceDoc = this.spaceDoc();
    if (!spaceDoc) return;
    const listed = this.space.listedScenes(spaceDoc);
    const store = new SpaceMirrorStore(this.deps.library);
    for (const sceneId of store.sceneIds()) {
      if (listed.has(sceneId)) continue;
      this.closeScene(sceneId);
      if (this.scenes.removeScene(sceneId)) this.deps.announce?.sceneRemoved(sceneId);
    }
    for (const sceneId of listed.keys()) this.importScene(sceneId);
    this.current?.untitled.collections(spaceDoc, store.sceneCollectionIds());
    this.announceSpace(this.space.importSpace(spaceDoc));
  }

  /** Items came into the library: the space's favourites and collections that name them are marked now, not at its next change. */
  private importItems(): void {
    this.itemsArrived = false;
    const spaceDoc = this.spaceDoc();
    if (!spaceDoc) return;
    try {
      this.announceSpace(this.space.importSpace(spaceDoc));
    } catch (error) {
      this.deps.log.warn('A shared document could not be written into the library.', { error });
    }
  }

  private announceSpace(result: SpaceImport): void {
    const { announce } = this.deps;
    if (result.itemIds.size > 0) announce?.items([...result.itemIds]);
    if (result.collectionsChanged) announce?.collections();
    for (const characterId of result.castCharacterIds) announce?.castVoice(characterId);
  }

  private importScene(sceneId: string): void {
    const spaceDoc = this.spaceDoc();
    if (!spaceDoc) return;
    const listed = this.space.listedScenes(spaceDoc);
    if (!listed.has(sceneId)) return;
    const doc = this.openScene(sceneId);
    this.current?.untitled.scene(sceneId, doc);
    if (this.scenes.importScene(sceneId, doc, listed.get(sceneId) ?? null)) this.deps.announce?.scene(sceneId);
  }

  private spaceDoc(): Y.Doc | null {
    const open = this.current;
    return open ? open.docs.open(spaceDocumentName(open.membership.spaceId)) : null;
  }

  private report(): void {
    const status = this.status();
    if (status.state === this.last.state && status.pendingChanges === this.last.pendingChanges) return;
    this.last = status;
    for (const listener of this.listeners) listener(status);
  }

  private fileOf(spaceId: string): string {
    return join(this.deps.folder, `${spaceDocumentName(spaceId).replace('/', '-')}.db`);
  }

  private now(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }
}
