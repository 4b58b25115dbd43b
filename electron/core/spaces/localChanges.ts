import type { LibraryDatabase } from '../library/libraryDatabase.ts';

/**
 * What the creator changed in the library through the app's own commands, as the stores that wrote
 * it report it: what a space's shared documents take in. Deltas where a whole would undo another
 * member's edit not yet read here (an item added, not the collection's whole list).
 */
export type LocalChange =
  | { kind: 'scene'; sceneId: string }
  | { kind: 'sceneRemoved'; sceneId: string }
  | { kind: 'collection'; collectionId: string }
  | { kind: 'collectionItems'; collectionId: string; itemIds: readonly string[]; added: boolean }
  | { kind: 'favourites'; itemIds: readonly string[]; favourite: boolean }
  | { kind: 'castVoice'; characterId: string }
  /** Not a change to share: an item came into the library (history sync), which the space's favourites and collections may name. */
  | { kind: 'itemArrived'; itemId: string };

type Listener = (change: LocalChange) => void;

/** Past this many distinct changes waiting for a space to open, everything is written in again when it opens. */
export const MAX_QUEUED = 5000;

/**
 * Local changes made while no space's documents take them (before a space opens in this session,
 * before Yjs is even loaded), each kept once, to be written in when the space opens. Past
 * `MAX_QUEUED` only the fact is kept: the whole library is written in again then.
 */
export class ChangeQueue {
  private readonly changes = new Map<string, LocalChange>();
  private overflowed = false;

  add(change: LocalChange): void {
    // The space's document is read into the library whole when it opens, arrived items included.
    if (this.overflowed || change.kind === 'itemArrived') return;
    this.changes.set(JSON.stringify(change), change);
    if (this.changes.size <= MAX_QUEUED) return;
    this.changes.clear();
    this.overflowed = true;
  }

  /** What was kept, in the order it came (or that there was too much), and the queue empty again. */
  take(): { changes: LocalChange[]; overflowed: boolean } {
    const taken = { changes: [...this.changes.values()], overflowed: this.overflowed };
    this.changes.clear();
    this.overflowed = false;
    return taken;
  }
}

/**
 * One library's local changes. What is written from a shared document (another machine's change)
 * is written `quietly`: it is not reported, so it never goes back into the document as a new change.
 */
export class LocalChanges {
  private readonly listeners = new Set<Listener>();
  private quiet = 0;

  report(change: LocalChange): void {
    if (this.quiet > 0) return;
    for (const listener of this.listeners) listener(change);
  }

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  quietly<T>(fn: () => T): T {
    this.quiet += 1;
    try {
      return fn();
    } finally {
      this.quiet -= 1;
    }
  }
}

const channels = new WeakMap<LibraryDatabase, LocalChanges>();

/** The local changes of this library file (one channel per open library, whichever store reports). */
export function localChanges(library: LibraryDatabase): LocalChanges {
  let channel = channels.get(library);
  if (!channel) {
    channel = new LocalChanges();
    channels.set(library, channel);
  }
  return channel;
}
