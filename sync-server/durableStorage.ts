import { Database } from '@hocuspocus/extension-database';
import { isTransactionOrigin, type afterLoadDocumentPayload, type Extension, type onStoreDocumentPayload } from '@hocuspocus/server';
import type { DocumentStore } from './documentStore.ts';

/**
 * Storage that never acknowledges an edit it has not written. Hocuspocus acknowledges an update
 * (the provider's `unsyncedChanges` drops, `synced`) right after applying it in memory, and calls
 * `onStoreDocument` only later: `debounce` ms after the last change (2 s by default), at the latest
 * `maxDebounce` ms after the first (10 s). An edit acknowledged in that window would be lost if the
 * process were killed. So each update is also appended to the store from the document's `update`
 * event, which Yjs fires synchronously inside the apply, before Hocuspocus sends the
 * acknowledgement; the append is a FULL-sync SQLite commit. When it fails, the error leaves the
 * apply, Hocuspocus closes the connection without acknowledging, and the provider sends it again.
 * The debounced store only compacts the log into one state.
 *
 * Reads and compaction go through @hocuspocus/extension-database with node:sqlite (built into
 * Node). @hocuspocus/extension-sqlite would need the `sqlite3` package, whose install downloads a
 * prebuilt native binary.
 */
export class DurableStorage implements Extension {
  private readonly database: Database;
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
    this.database = new Database({
      fetch: async ({ documentName }) => store.read(documentName),
      // The store is synchronous: no update is applied to the document while it is compacted.
      store: async ({ documentName, document }) => store.compact(documentName, document),
    });
  }

  onLoadDocument = (data: Parameters<Database['onLoadDocument']>[0]) => this.database.onLoadDocument(data);

  onStoreDocument = (data: onStoreDocumentPayload) => this.database.onStoreDocument(data);

  async afterLoadDocument({ document, documentName }: afterLoadDocumentPayload): Promise<void> {
    document.on('update', (update: Uint8Array, origin: unknown) => {
      // An update from another instance (through Redis) was stored by the instance its author is on.
      if (isTransactionOrigin(origin) && origin.source === 'redis') return;
      this.store.append(documentName, update);
    });
  }
}
