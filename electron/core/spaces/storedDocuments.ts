import * as Y from 'yjs';
import { LOCAL_ORIGIN, STORED_ORIGIN } from './documentOrigins.ts';
import type { SpaceUpdateStore } from './spaceUpdateStore.ts';

/** Past this many acknowledged updates, a document's are folded into one when it opens. */
const COMPACT_ABOVE = 200;

/**
 * The space's documents in memory, each kept on disk as it changes: opened from its stored updates,
 * every later update appended (one made here as pending until the server acknowledges it).
 */
export class StoredDocuments {
  private readonly store: SpaceUpdateStore;
  private readonly now: () => string;
  private readonly changed: () => void;
  private readonly docs = new Map<string, Y.Doc>();

  constructor(store: SpaceUpdateStore, now: () => string, changed: () => void) {
    this.store = store;
    this.now = now;
    this.changed = changed;
  }

  /** The document of this name, opened from disk the first time it is asked for. */
  open(name: string): Y.Doc {
    const known = this.docs.get(name);
    if (known) return known;
    const doc = new Y.Doc();
    const stored = this.store.updates(name);
    if (stored.length > 0) Y.applyUpdate(doc, Y.mergeUpdates(stored), STORED_ORIGIN);
    if (this.store.acknowledgedCount(name) > COMPACT_ABOVE) this.compact(name, doc);
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === STORED_ORIGIN) return;
      this.store.append(name, update, origin === LOCAL_ORIGIN, this.now());
      if (origin === LOCAL_ORIGIN) this.changed();
    });
    this.docs.set(name, doc);
    return doc;
  }

  get(name: string): Y.Doc | null {
    return this.docs.get(name) ?? null;
  }

  /** The names of the documents stored on this machine. */
  storedNames(): string[] {
    return this.store.documents();
  }

  /** The server holds every update of this document made so far. */
  acknowledged(name: string): void {
    this.store.acknowledge(name);
    this.changed();
  }

  pending(): number {
    return this.store.pending();
  }

  close(name: string): void {
    this.docs.get(name)?.destroy();
    this.docs.delete(name);
  }

  closeAll(): void {
    for (const name of [...this.docs.keys()]) this.close(name);
  }

  /** Folds the acknowledged updates into one: the document's whole state without the pending ones is not needed, they stay apart. */
  private compact(name: string, doc: Y.Doc): void {
    const pending = this.store.updates(name).length - this.store.acknowledgedCount(name);
    if (pending > 0) return;
    this.store.compact(name, Y.encodeStateAsUpdate(doc), this.now());
  }
}
