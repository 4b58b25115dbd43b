import { Database } from '@hocuspocus/extension-database';
import type { beforeSyncPayload, Extension, onLoadDocumentPayload, onStoreDocumentPayload } from '@hocuspocus/server';
import { messageYjsSyncStep2, messageYjsUpdate } from 'y-protocols/sync';
import type { DocumentStore } from './documentStore.ts';
import { UpdateLog } from './updateLog.ts';

/**
 * Storage that never acknowledges an edit it has not written. Hocuspocus acknowledges an update
 * (the provider's `unsyncedChanges` drops, `synced`) right after applying it in memory, and calls
 * `onStoreDocument` only later: `debounce` ms after the last change (2 s by default), at the latest
 * `maxDebounce` ms after the first (10 s). An edit acknowledged in that window would be lost if the
 * process were killed. So every update a client sends is appended to the store in `beforeSync`,
 * which Hocuspocus awaits before it applies the update and acknowledges it: the edit is in a
 * committed FULL-sync transaction first (group commit, `UpdateLog`). When the write fails, the
 * hook throws, Hocuspocus closes the connection without applying or acknowledging, and the
 * provider sends the edit again when it reconnects. The debounced store only compacts the log.
 *
 * An update from another instance (through Redis) is not logged here: the instance its author is
 * connected to stored it, in the data folder the instances share.
 *
 * Reads and compaction go through @hocuspocus/extension-database with node:sqlite (built into
 * Node). @hocuspocus/extension-sqlite would need the `sqlite3` package, whose install downloads a
 * prebuilt native binary.
 */
export class DurableStorage implements Extension {
  private readonly database: Database;
  private readonly log: UpdateLog;

  constructor(store: DocumentStore) {
    this.log = new UpdateLog(store);
    this.database = new Database({
      fetch: async ({ documentName }) => store.read(documentName),
      // The store is synchronous: no update is applied to the document while it is compacted.
      store: async ({ documentName, document }) => store.compact(documentName, document),
    });
  }

  onLoadDocument = (data: onLoadDocumentPayload) => this.database.onLoadDocument(data);

  onStoreDocument = (data: onStoreDocumentPayload) => this.database.onStoreDocument(data);

  async beforeSync({ documentName, type, payload }: beforeSyncPayload): Promise<void> {
    // SyncStep1 carries only a state vector; the two others carry updates to apply.
    if (type === messageYjsSyncStep2 || type === messageYjsUpdate) await this.log.append(documentName, payload);
  }
}
