import { HocuspocusProvider } from '@hocuspocus/provider';
import * as Y from 'yjs';

/** A member's provider for one document, with the events a test waits on. */
export interface OpenDocument {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** Resolves with the refusal's reason when the server refuses the token. */
  refused: Promise<string>;
  /** Resolves when the server closes the document's connection. */
  closed: Promise<void>;
  synced: () => Promise<void>;
  /** Resolves once every local change has been acknowledged by the server. */
  acknowledged: () => Promise<void>;
  /** Resolves once `check` holds for the document (checked after every update). */
  until: (check: (doc: Y.Doc) => boolean) => Promise<void>;
  destroy: () => void;
}

export function openDocument(url: string, name: string, token: string): OpenDocument {
  const doc = new Y.Doc();
  let refuse: (reason: string) => void = () => {};
  const refused = new Promise<string>((resolve) => (refuse = resolve));
  let close: () => void = () => {};
  const closed = new Promise<void>((resolve) => (close = resolve));
  const provider = new HocuspocusProvider({
    url,
    name,
    document: doc,
    token,
    onAuthenticationFailed: ({ reason }) => refuse(reason),
    onClose: () => close(),
  });
  const waitFor = (ready: () => boolean) =>
    new Promise<void>((resolve) => {
      if (ready()) return resolve();
      const check = () => {
        if (!ready()) return;
        provider.off('synced', check);
        provider.off('unsyncedChanges', check);
        resolve();
      };
      provider.on('synced', check);
      provider.on('unsyncedChanges', check);
    });
  return {
    doc,
    provider,
    refused,
    closed,
    synced: () => waitFor(() => provider.isSynced),
    acknowledged: () => waitFor(() => provider.isSynced && provider.unsyncedChanges === 0),
    until: (check) =>
      new Promise<void>((resolve) => {
        if (check(doc)) return resolve();
        const look = () => {
          if (!check(doc)) return;
          doc.off('update', look);
          resolve();
        };
        doc.on('update', look);
      }),
    destroy: () => {
      provider.destroy();
      doc.destroy();
    },
  };
}
