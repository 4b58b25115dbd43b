import { readdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { Character } from '../../../shared/api/index.ts';
import type { SceneLineInput } from '../../../shared/ipc/scenes.ts';
import { sceneDocumentName } from '../../../shared/sync/documentNames.ts';
import { startTcpProxy } from '../support/tcpProxy.ts';
import { runSyncCli, tempFolder } from '../sync/support/syncServerProcess.ts';
import { useSyncServer } from '../sync/support/testSyncServer.ts';
import { ResourceStore } from '../../../electron/core/library/resourceStore.ts';
import type { SpaceMembership } from '../../../electron/core/spaces/spaceLink.ts';
import { line, membershipOf, SpaceMachine } from './support/spaceMachine.ts';

const sync = useSyncServer('space-docs-server-');

let spaces = 0;

/** Two members of a fresh space, each a machine with its own library; `viaPort` puts B's connection through that port. */
async function twoMachines(options: { viaPort?: number } = {}): Promise<{
  a: SpaceMachine;
  b: SpaceMachine;
  bMemberId: string;
  bFolder: string;
  bMembership: SpaceMembership;
}> {
  const space = `Film ${(spaces += 1)}`;
  const anaJoined = await sync.member(space, 'Ana');
  const benJoined = await sync.member(space, 'Ben');
  const folders = [tempFolder('space-a-'), tempFolder('space-b-')];
  const a = new SpaceMachine(folders[0]!.path);
  const b = new SpaceMachine(folders[1]!.path);
  sync.cleanup(() => folders.forEach((folder) => folder.remove()));
  sync.cleanup(
    () => a.stop(),
    () => b.stop(),
  );
  const bUrl = options.viaPort ? `http://127.0.0.1:${options.viaPort}` : sync.server.httpUrl;
  await a.open(membershipOf(sync.server.httpUrl, anaJoined, 'Ana'));
  const bMembership = membershipOf(bUrl, benJoined, 'Ben');
  await b.open(bMembership);
  await Promise.all([a.settled(), b.settled()]);
  return { a, b, bMemberId: benJoined.memberId, bFolder: folders[1]!.path, bMembership };
}

const texts = (lines: SceneLineInput[]) => lines.map((l) => l.text);

/** How many updates of a document the sync server has written and not yet folded into its state. */
function serverUpdates(document: string): number {
  const db = new DatabaseSync(path.join(sync.folder, 'sync.sqlite'), { readOnly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM document_updates WHERE name = ?').get(document) as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('a space’s documents on two machines, through a real sync server', () => {
  it("brings a scene made on A into B's library line by line, in A's order", async () => {
    const { a, b } = await twoMachines();
    const sceneId = a.newScene('Night market');
    const first = line('Two bowls of noodles, please.', { emotion: 'happy', talk: { duration: 5, expression: 'smiling' } });
    a.scenes.replaceLines(sceneId, [first]);
    await b.until('the scene and its first line', () => b.scenes.lines(sceneId).length === 1);
    expect(b.scenes.get(sceneId)).toMatchObject({ title: 'Night market', aspect: '16:9', quality: 'pro' });
    expect(b.scenes.lines(sceneId)).toEqual([first]);

    const second = line('Coming right up.', { characterId: 'char-vendor' });
    const third = line('', { kind: 'clip', characterId: null, clipItemId: 'item-9' });
    a.scenes.replaceLines(sceneId, [first, second, third]);
    await b.until('three lines', () => b.scenes.lines(sceneId).length === 3);
    expect(b.scenes.lines(sceneId)).toEqual(a.scenes.lines(sceneId));

    // A line moved to the front, another removed, the title changed.
    a.scenes.replaceLines(sceneId, [third, first]);
    a.scenes.update(sceneId, { title: 'Night market, take two', aspect: '9:16' }, new Date().toISOString());
    await b.until('the moved line and the new title', () => b.scenes.get(sceneId)?.title === 'Night market, take two');
    await b.until('two lines', () => b.scenes.lines(sceneId).length === 2);
    expect(b.scenes.lines(sceneId)).toEqual([third, first]);
    expect(b.scenes.get(sceneId)?.aspect).toBe('9:16');
    expect(b.announced).toContainEqual({ kind: 'scene', id: sceneId });

    // What B wrote from the documents is not sent back as B's own change.
    await b.settled();
    expect(b.link.status().pendingChanges).toBe(0);
  });

  it('merges two machines typing into the same line at once', async () => {
    const { a, b } = await twoMachines();
    const sceneId = a.newScene('Stall');
    const shared = line('Hello world');
    a.scenes.replaceLines(sceneId, [shared]);
    await b.until('the line', () => b.scenes.lines(sceneId)[0]?.text === 'Hello world');

    // Both save before either hears of the other's edit.
    a.scenes.replaceLines(sceneId, [{ ...shared, text: 'Hello big world' }]);
    b.scenes.replaceLines(sceneId, [{ ...shared, text: 'Hello world!' }]);
    const merged = 'Hello big world!';
    await a.until('the merged text on A', () => a.scenes.lines(sceneId)[0]?.text === merged);
    await b.until('the merged text on B', () => b.scenes.lines(sceneId)[0]?.text === merged);
    await Promise.all([a.settled(), b.settled()]);
    expect(a.scenes.lines(sceneId)).toEqual(b.scenes.lines(sceneId));
  });

  it('keeps an edit that reached the document but not yet the library when the same line is saved', async () => {
    const { a, b } = await twoMachines();
    const sceneId = a.newScene('Tea');
    const shared = line('Hot tea here');
    a.scenes.replaceLines(sceneId, [shared]);
    await b.until('the line', () => b.scenes.lines(sceneId)[0]?.text === 'Hot tea here');

    // B saves the line in the moment A's edit has reached B's document, before B's library has read it.
    let saved = false;
    b.link.sceneDocument(sceneId)!.on('update', (_update: Uint8Array, origin: unknown) => {
      if (saved || typeof origin === 'symbol') return;
      saved = true;
      queueMicrotask(() => b.scenes.replaceLines(sceneId, [{ ...shared, text: 'Hot tea here!' }]));
    });
    a.scenes.replaceLines(sceneId, [{ ...shared, text: 'Hot green tea here' }]);
    const merged = 'Hot green tea here!';
    await b.until('both edits on B', () => b.scenes.lines(sceneId)[0]?.text === merged);
    await a.until('both edits on A', () => a.scenes.lines(sceneId)[0]?.text === merged);
    expect(saved).toBe(true);
  });

  it('does not bring back a line another member removed when another line is saved at that moment', async () => {
    const { a, b } = await twoMachines();
    const sceneId = a.newScene('Noodles');
    const kept = line('Kept.');
    const removed = line('Removed on A.');
    a.scenes.replaceLines(sceneId, [kept, removed]);
    await b.until('both lines', () => b.scenes.lines(sceneId).length === 2);

    let saved = false;
    b.link.sceneDocument(sceneId)!.on('update', (_update: Uint8Array, origin: unknown) => {
      if (saved || typeof origin === 'symbol') return;
      saved = true;
      queueMicrotask(() => b.scenes.replaceLines(sceneId, [{ ...kept, text: 'Kept, and edited on B.' }, removed]));
    });
    a.scenes.replaceLines(sceneId, [kept]);
    const settledOn = (machine: SpaceMachine) => () => texts(machine.scenes.lines(sceneId)).join('|') === 'Kept, and edited on B.';
    await b.until('the removal and the edit on B', settledOn(b));
    await a.until('the edit on A', settledOn(a));
    expect(saved).toBe(true);
  });

  it('keeps every edit of both machines while B is offline, and merges them when it is back', async () => {
    const proxy = await startTcpProxy(Number(new URL(sync.server.httpUrl).port));
    sync.cleanup(() => proxy.close());
    const { a, b } = await twoMachines({ viaPort: proxy.port });
    const sceneId = a.newScene('Rain');
    const opening = line('It is raining.');
    a.scenes.replaceLines(sceneId, [opening]);
    await b.until('the opening line', () => b.scenes.lines(sceneId).length === 1);

    await proxy.cut();
    await b.state('offline');
    const fromA = line('Take my umbrella.');
    a.scenes.replaceLines(sceneId, [{ ...opening, text: 'It is raining hard.' }, fromA]);
    const fromB = line('Thank you!', { characterId: 'char-vendor' });
    b.scenes.replaceLines(sceneId, [{ ...opening, text: 'It is raining. Again' }, fromB]);
    b.scenes.update(sceneId, { title: 'Rain at the stall' }, new Date().toISOString());
    await a.settled();
    expect(b.link.status()).toMatchObject({ state: 'offline' });
    expect(b.link.status().pendingChanges).toBeGreaterThan(0);
    // Offline, B's library holds B's edits as they were made.
    expect(texts(b.scenes.lines(sceneId))).toEqual(['It is raining. Again', 'Thank you!']);

    await proxy.restore();
    const everything = (machine: SpaceMachine) => () => {
      const lines = texts(machine.scenes.lines(sceneId));
      return lines.length === 3 && lines[0] === 'It is raining hard. Again' && machine.scenes.get(sceneId)?.title === 'Rain at the stall';
    };
    await b.until('A’s edits on B', everything(b));
    await a.until('B’s edits on A', everything(a));
    await Promise.all([a.settled(), b.settled()]);
    expect(a.scenes.lines(sceneId)).toEqual(b.scenes.lines(sceneId));
    expect(texts(a.scenes.lines(sceneId)).slice(1).sort()).toEqual(['Take my umbrella.', 'Thank you!']);
  });

  it('sends what B changed offline as one update per document when it is back', async () => {
    const proxy = await startTcpProxy(Number(new URL(sync.server.httpUrl).port));
    sync.cleanup(() => proxy.close());
    const { a, b, bMembership } = await twoMachines({ viaPort: proxy.port });
    const sceneId = a.newScene('Stalls');
    let lines = [line('The stalls open.')];
    a.scenes.replaceLines(sceneId, lines);
    await b.until('the opening line', () => b.scenes.lines(sceneId).length === 1);
    await Promise.all([a.settled(), b.settled()]);

    await proxy.cut();
    await b.state('offline');
    for (let change = 0; change < 40; change += 1) {
      lines =
        change % 4 === 3
          ? [...lines, line(`Added ${change}.`)]
          : lines.map((l, i) => (i === 0 ? { ...l, text: `${l.text} w${change}` } : l));
      b.scenes.replaceLines(sceneId, lines);
    }
    expect(b.link.status().pendingChanges).toBeGreaterThanOrEqual(40);
    const document = sceneDocumentName(bMembership.spaceId, sceneId);
    const before = serverUpdates(document);

    await proxy.restore();
    await b.settled();
    // The server wrote B's forty changes as one update (each would otherwise be written on its own).
    expect(serverUpdates(document) - before).toBe(1);
    await a.until('B’s offline edits on A', () => JSON.stringify(texts(a.scenes.lines(sceneId))) === JSON.stringify(texts(lines)));
  });

  it('brings collections, favourites and cast voices made on A to B, and their removal', async () => {
    const { a, b } = await twoMachines();
    for (const machine of [a, b]) for (const id of ['item-1', 'item-2', 'item-3']) machine.addItem(id);
    const collectionId = a.collections.create('Keepers', 'collection-keepers').id;
    a.collections.addItems(collectionId, ['item-1', 'item-2']);
    a.collections.setFavorite(['item-3'], true);
    a.cast.set('char-mara', 'voice-warm', { emotion: 'sad', language: 'en' }, new Date().toISOString());
    await b.until('the collection', () => JSON.stringify(b.collectionContents()) === JSON.stringify({ Keepers: ['item-1', 'item-2'] }));
    await b.until('the favourite', () => b.favourites().join() === 'item-3');
    await b.until('the cast voice', () => b.cast.get('char-mara')?.voiceId === 'voice-warm');
    expect(b.cast.get('char-mara')?.settings).toEqual({ emotion: 'sad', language: 'en' });
    expect(b.announced).toContainEqual({ kind: 'castVoice', id: 'char-mara' });
    expect(b.announced.some((entry) => entry.kind === 'items' && entry.ids.includes('item-3'))).toBe(true);

    a.collections.removeItems(collectionId, ['item-1']);
    a.collections.setFavorite(['item-3'], false);
    a.cast.remove('char-mara');
    await b.until('the item out of the collection', () => b.collectionContents().Keepers?.join() === 'item-2');
    await b.until('the favourite gone', () => b.favourites().length === 0);
    await b.until('the cast voice gone', () => b.cast.get('char-mara') === null);

    // And B's own changes go the other way.
    b.collections.addItems(collectionId, ['item-3']);
    await a.until('B’s addition on A', () => a.collectionContents().Keepers?.join() === 'item-2,item-3');
  });

  it('marks a favourite for an item this library had not synced yet as soon as the item arrives', async () => {
    const { a, b } = await twoMachines();
    const itemId = '00000000-0000-4000-8000-00000000f00d';
    a.addItem(itemId);
    a.collections.setFavorite([itemId], true);
    // Made after the favourite: once B holds it, B's document holds the favourite too.
    a.collections.create('Marker', 'collection-marker');
    await b.until('the marker collection', () => 'Marker' in b.collectionContents());
    expect(b.favourites()).toEqual([]);

    // B's history sync brings the item; nothing else changes in the space.
    new ResourceStore(b.library, () => new Date().toISOString()).upsertGeneration({
      id: itemId,
      type: 'image',
      status: 'completed',
      prompt: 'Lanterns at dusk',
      character_id: 'char-mara',
      credits_used: 1,
      completed_at: null,
      error_message: null,
    });
    await b.until('the favourite on the item that arrived', () => b.favourites().includes(itemId));
    expect(b.announced.some((entry) => entry.kind === 'items' && entry.ids.includes(itemId))).toBe(true);
  });

  it('takes a cast voice out of the space when its character is removed from the library', async () => {
    const { a, b } = await twoMachines();
    const at = new Date().toISOString();
    new ResourceStore(a.library, () => at).upsertCharacter({ id: 'char-gone', name: 'Gone', status: 'ready', created_at: at } as Character);
    a.cast.set('char-gone', 'voice-warm', {}, at);
    await b.until('the cast voice', () => b.cast.get('char-gone')?.voiceId === 'voice-warm');

    // The service no longer has the character: history sync removes it, and its voice with it.
    new ResourceStore(a.library, () => at).remove('character', 'char-gone');
    await b.until('the cast voice gone', () => b.cast.get('char-gone') === null);
    await a.settled();
    expect(a.cast.get('char-gone')).toBeNull();
  });

  it('keeps edits made offline across a restart and sends them once the server is reached', async () => {
    const proxy = await startTcpProxy(Number(new URL(sync.server.httpUrl).port));
    sync.cleanup(() => proxy.close());
    const { a, b, bFolder, bMembership } = await twoMachines({ viaPort: proxy.port });
    const sceneId = a.newScene('Lanterns');
    const opening = line('The lanterns come on.');
    a.scenes.replaceLines(sceneId, [opening]);
    await b.until('the opening line', () => b.scenes.lines(sceneId).length === 1);

    await proxy.cut();
    await b.state('offline');
    b.scenes.replaceLines(sceneId, [opening, line('One by one.')]);
    b.collections.create('Offline picks', 'collection-offline');
    const pending = b.link.status().pendingChanges;
    expect(pending).toBeGreaterThan(0);
    await b.stop();

    // The app starts again, still offline: the documents and what is pending come from disk.
    const again = new SpaceMachine(bFolder);
    sync.cleanup(() => again.stop());
    await again.open(bMembership);
    await again.state('offline');
    expect(again.link.status().pendingChanges).toBe(pending);
    again.scenes.update(sceneId, { title: 'Lanterns, one by one' }, new Date().toISOString());

    await proxy.restore();
    await again.settled();
    await a.until('B’s offline edits on A', () => a.scenes.lines(sceneId)[1]?.text === 'One by one.');
    await a.until('B’s title on A', () => a.scenes.get(sceneId)?.title === 'Lanterns, one by one');
    await a.until('B’s collection on A', () => 'Offline picks' in a.collectionContents());
  });

  it('writes changes made while the space was closed into it when it opens again, and removes none of them', async () => {
    const { a, b, bMembership } = await twoMachines();
    await b.link.close();
    const sceneId = b.newScene('Made while closed');
    b.scenes.replaceLines(sceneId, [line('Still here.')]);
    await b.open(bMembership);
    expect(b.scenes.lines(sceneId).map((l) => l.text)).toEqual(['Still here.']);
    await a.until('the scene on A', () => a.scenes.lines(sceneId)[0]?.text === 'Still here.');
  });

  it('reports refused once the member is revoked, and forgets the space’s documents when asked', async () => {
    const { a, b, bMemberId, bFolder } = await twoMachines();
    await runSyncCli(sync.folder, ['--revoke', bMemberId]);
    await b.state('refused');
    expect(readdirSync(path.join(bFolder, 'spaces')).length).toBeGreaterThan(0);
    await b.link.close({ forget: true });
    expect(readdirSync(path.join(bFolder, 'spaces'))).toEqual([]);
    // The other member is not touched.
    a.newScene('Still here');
    await a.settled();
    expect(a.link.status().state).toBe('synced');
  });
});
