import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection } from '../../../shared/ipc/index.ts';
import type { Scene } from '../../../shared/ipc/scenes.ts';
import { sceneDocumentName, spaceDocumentName } from '../../../shared/sync/documentNames.ts';
import { insertLine, readScene } from '../../../shared/sync/sceneDocument.ts';
import { putCollection, readSpace, removeScene } from '../../../shared/sync/spaceDocument.ts';
import { MemoryKeychain } from '../../support/memoryKeychain.ts';
import { startCore, type Harness } from '../support/coreHarness.ts';
import { openDocument, type OpenDocument } from '../sync/support/members.ts';
import { inviteCode, joinAs, startSyncServerProcess, tempFolder, type SyncServerProcess } from '../sync/support/syncServerProcess.ts';
import { line, membershipOf } from './support/spaceMachine.ts';

const data = tempFolder('space-session-server-');
let server: SyncServerProcess;
let h: Harness;
const members: OpenDocument[] = [];
let spaceDoc: OpenDocument;
let marketId = '';

beforeAll(async () => {
  server = await startSyncServerProcess(data.path);
  h = await startCore({ keychain: new MemoryKeychain() });
});
afterAll(async () => {
  for (const member of members) member.destroy();
  await h?.stop();
  await server?.kill();
  data.remove();
});

describe("the session's space link", () => {
  it('stays closed without a membership, then carries the commands’ changes both ways once opened', async () => {
    const session = h.core.session()!;
    expect(session.spaceLink.status()).toEqual({ state: 'offline', pendingChanges: 0 });
    // Without a membership the commands work as ever.
    const before = (await h.invoke('scenes.create', { title: 'Before the space' })) as Scene;

    const ana = await joinAs(server.httpUrl, (await inviteCode(data.path, 'Session film', 'Ana')).code);
    const other = await joinAs(server.httpUrl, (await inviteCode(data.path, 'Session film', 'Other')).code);
    await session.spaceLink.open(membershipOf(server.httpUrl, ana, 'Ana'));

    const scene = (await h.invoke('scenes.create', { title: 'Market' })) as Scene;
    const first = line('Fresh peaches!');
    await h.invoke('scenes.update', { id: scene.id, lines: [first] });
    const collection = (await h.invoke('collections.create', { name: 'Picks' })) as Collection;

    // Another member sees both scenes and the collection in the server's documents.
    spaceDoc = openDocument(server.url, spaceDocumentName(ana.spaceId), other.token);
    members.push(spaceDoc);
    await spaceDoc.until((doc) => readSpace(doc).sceneIds.length === 2 && readSpace(doc).collections.length === 1);
    expect(readSpace(spaceDoc.doc).sceneIds).toEqual(expect.arrayContaining([before.id, scene.id]));
    expect(readSpace(spaceDoc.doc).collections[0]).toMatchObject({ id: collection.id, name: 'Picks' });
    const sceneDoc = openDocument(server.url, sceneDocumentName(ana.spaceId, scene.id), other.token);
    members.push(sceneDoc);
    await sceneDoc.until((doc) => readScene(doc).lines[0]?.text === 'Fresh peaches!');

    // What the other member writes reaches the library and the screens (`scene.updated`).
    const added = { ...line('Two, please.'), id: randomUUID(), kind: 'speech' as const, characterId: null, voiceId: 'voice-narrator' };
    insertLine(sceneDoc.doc, 1, added);
    const updated = await h.waitFor('scene.updated', (view) => view.id === scene.id && view.lines.length === 2);
    expect(updated.lines.map((l) => l.text)).toEqual(['Fresh peaches!', 'Two, please.']);
    const read = (await h.invoke('scenes.get', { id: scene.id })) as Scene;
    expect(read.lines[1]).toMatchObject({ id: added.id, kind: 'speech', voiceId: 'voice-narrator' });
    marketId = scene.id;
  });

  it('tells the screens of a scene the other member removed and of collections they made', async () => {
    const removed = h.waitFor('scene.removed', ({ id }) => id === marketId);
    spaceDoc.doc.transact(() => removeScene(spaceDoc.doc, marketId));
    await removed;
    await expect(h.invoke('scenes.get', { id: marketId })).rejects.toThrow();

    const listed = h.waitFor('collections.changed', ({ collections }) => collections.some((each) => each.name === 'Their picks'));
    putCollection(spaceDoc.doc, { id: randomUUID(), name: 'Their picks', characterId: null });
    const { collections } = await listed;
    expect(collections.map((each) => each.name).sort()).toEqual(['Picks', 'Their picks']);
  });
});
