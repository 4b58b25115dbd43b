import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { DocumentStore } from '../../../sync-server/documentStore.ts';
import { MemberStore } from '../../../sync-server/memberStore.ts';
import { openSyncDatabase } from '../../../sync-server/syncDatabase.ts';
import { UpdateLog } from '../../../sync-server/updateLog.ts';
import { tempFolder } from '../../integration/sync/support/syncServerProcess.ts';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function database() {
  const folder = tempFolder('sync-stores-');
  const db = openSyncDatabase(folder.path);
  cleanups.push(folder.remove, () => db.close());
  return { db, folder: folder.path };
}

const textOf = (state: Uint8Array | null) => {
  const doc = new Y.Doc();
  if (state) Y.applyUpdate(doc, state);
  return doc.getText('t').toJSON();
};

/** An update that types `text` at the end of a document's text `t`, made on `doc`. */
function typed(doc: Y.Doc, text: string): Uint8Array {
  let update: Uint8Array = new Uint8Array();
  const keep = (bytes: Uint8Array) => (update = bytes);
  doc.once('update', keep);
  doc.getText('t').insert(doc.getText('t').length, text);
  return update;
}

describe('the document store', () => {
  it('reads a document back from its logged updates, and compacts them into its state', () => {
    const { db } = database();
    const store = new DocumentStore(db);
    expect(store.read('space/a')).toBeNull();
    const author = new Y.Doc();
    store.appendAll([
      { name: 'space/a', update: typed(author, 'Hello') },
      { name: 'space/a', update: typed(author, ', world') },
    ]);
    expect(textOf(store.read('space/a'))).toBe('Hello, world');
    store.compact('space/a', author);
    expect(db.prepare('SELECT count(*) AS n FROM document_updates').get()).toEqual({ n: 0 });
    expect(textOf(store.read('space/a'))).toBe('Hello, world');
  });

  it('keeps what another process stored when it compacts a document that has not received it yet', () => {
    const { db } = database();
    const store = new DocumentStore(db);
    const here = new Y.Doc();
    const there = new Y.Doc();
    store.appendAll([{ name: 'space/a', update: typed(here, 'mine ') }]);
    // Another instance's member, stored by that instance, not yet arrived here through Redis.
    store.appendAll([{ name: 'space/a', update: typed(there, 'theirs') }]);
    store.compact('space/a', here);
    expect(db.prepare('SELECT count(*) AS n FROM document_updates').get()).toEqual({ n: 1 });
    // That instance compacts first next time; this one, still without it, compacts again.
    store.compact('space/a', there);
    store.compact('space/a', here);
    const text = textOf(store.read('space/a'));
    expect(text).toContain('mine ');
    expect(text).toContain('theirs');
  });
});

describe('the update log', () => {
  it('settles an append once its update is committed, one transaction for a turn', async () => {
    const { db } = database();
    const log = new UpdateLog(new DocumentStore(db));
    const author = new Y.Doc();
    const appends = [log.append('space/a', typed(author, 'a')), log.append('space/b', typed(author, 'b'))];
    expect(db.prepare('SELECT count(*) AS n FROM document_updates').get()).toEqual({ n: 0 });
    await Promise.all(appends);
    expect(db.prepare('SELECT count(*) AS n FROM document_updates').get()).toEqual({ n: 2 });
  });

  it('refuses bytes that are not a Yjs update and stores nothing of them', async () => {
    const { db } = database();
    const log = new UpdateLog(new DocumentStore(db));
    await expect(log.append('space/a', new Uint8Array([255, 255, 255, 255, 255]))).rejects.toThrow(/is not a Yjs update/);
    expect(db.prepare('SELECT count(*) AS n FROM document_updates').get()).toEqual({ n: 0 });
  });
});

describe('the member store', () => {
  it('admits a join code once, before it expires, and revokes for good', () => {
    const { db } = database();
    let now = new Date('2026-01-01T00:00:00Z');
    const members = new MemberStore(db, () => now);
    const first = members.invite('Film', 'Ana', 7);
    const late = members.invite('Film', 'Ben', 7);
    const joined = members.join(first.code);
    expect(joined).toMatchObject({ space: first.space, memberName: 'Ana' });
    expect(members.join(first.code)).toBeNull();
    now = new Date('2026-01-08T00:00:01Z');
    expect(members.join(late.code)).toBeNull();
    expect(db.prepare('SELECT count(*) AS n FROM join_codes').get()).toEqual({ n: 0 });

    expect(members.memberByToken(joined!.token)).toMatchObject({ id: joined!.memberId, spaceId: first.space.id, revokedAt: null });
    expect(members.isActive(joined!.memberId)).toBe(true);
    expect(members.revoke(joined!.memberId)).toBe(true);
    expect(members.revoke(joined!.memberId)).toBe(false);
    expect(members.isActive(joined!.memberId)).toBe(false);
    expect(members.memberByToken(joined!.token)?.revokedAt).toBe(now.toISOString());
    expect(members.memberByToken('cst_unknown')).toBeUndefined();
  });

  it('puts invitations for a space name or id in the same space', () => {
    const { db } = database();
    const members = new MemberStore(db);
    const first = members.invite('Film', 'Ana');
    expect(members.invite(first.space.id, 'Ben').space).toEqual(first.space);
    expect(members.invite('Other', 'Cleo').space.id).not.toBe(first.space.id);
    expect(members.spaces().map((space) => space.name)).toEqual(['Film', 'Other']);
  });
});
