import * as Y from 'yjs';
import type { DocumentStore } from './documentStore.ts';

interface Pending {
  name: string;
  update: Uint8Array;
  done: () => void;
  failed: (error: unknown) => void;
}

/**
 * Appends received updates to the store with group commit: every update that arrives in one turn
 * of the event loop goes into one FULL-sync transaction, and each caller's promise settles when
 * that transaction is on disk. One disk sync per turn rather than per update is what lets hundreds
 * of clients edit at once; no caller goes on before its update is stored.
 */
export class UpdateLog {
  private readonly store: DocumentStore;
  private queue: Pending[] = [];

  constructor(store: DocumentStore) {
    this.store = store;
  }

  /** Stores `update` for document `name`; refuses bytes that are not a Yjs update (they would spoil every later load). */
  append(name: string, update: Uint8Array): Promise<void> {
    try {
      Y.parseUpdateMeta(update);
    } catch {
      return Promise.reject(new Error(`An update for ${name} is not a Yjs update; it was not stored.`));
    }
    return new Promise((done, failed) => {
      this.queue.push({ name, update, done, failed });
      if (this.queue.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.queue;
    this.queue = [];
    try {
      this.store.appendAll(batch);
    } catch (error) {
      for (const pending of batch) pending.failed(error);
      return;
    }
    for (const pending of batch) pending.done();
  }
}
