import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../sync/support/syncServerProcess.ts';
import { useSyncServer } from '../sync/support/testSyncServer.ts';
import { membershipOf, SpaceMachine } from './support/spaceMachine.ts';

const sync = useSyncServer('space-untitled-server-');

const T = '2026-11-01T10:00:00.000Z';

describe('the English "Untitled scene" an older version shared', () => {
  it('is emptied once in the shared documents, on every machine, and no other title is', async () => {
    const anaJoined = await sync.member('Film', 'Ana');
    const benJoined = await sync.member('Film', 'Ben');
    const folders = [tempFolder('space-a-'), tempFolder('space-b-')];
    sync.cleanup(() => folders.forEach((folder) => folder.remove()));
    const a = new SpaceMachine(folders[0]!.path);
    const b = new SpaceMachine(folders[1]!.path);
    sync.cleanup(
      () => a.stop(),
      () => b.stop(),
    );
    // What an older version left in A's library, each scene with its own collection, which A's
    // first time in the space writes into the shared documents as they are.
    const untitled = { scene: randomUUID(), collection: randomUUID() };
    const numbered = { scene: randomUUID(), collection: randomUUID() };
    for (const [each, title] of [
      [untitled, 'Untitled scene'],
      [numbered, 'Untitled scene 2'],
    ] as const) {
      a.library.run('INSERT INTO collections (id, name, character_id, created_at) VALUES (?, ?, NULL, ?)', each.collection, title, T);
      a.library.run(
        "INSERT INTO scenes (id, title, aspect, quality, collection_id, created_at, updated_at) VALUES (?, ?, '16:9', 'pro', ?, ?, ?)",
        each.scene,
        title,
        each.collection,
        T,
        T,
      );
      a.library.run(
        "INSERT INTO scene_lines (scene_id, id, position, kind, text) VALUES (?, ?, 0, 'speech', 'Hello there.')",
        each.scene,
        randomUUID(),
      );
    }
    const aMembership = membershipOf(sync.server.httpUrl, anaJoined, 'Ana');
    await a.open(aMembership);
    await b.open(membershipOf(sync.server.httpUrl, benJoined, 'Ben'));
    await Promise.all([a.settled(), b.settled()]);

    const titles = (machine: SpaceMachine) => [machine.scenes.get(untitled.scene)?.title, machine.scenes.get(numbered.scene)?.title];
    const names = (machine: SpaceMachine) => Object.keys(machine.collectionContents()).sort();
    for (const machine of [a, b]) {
      await machine.until('both scenes', () => titles(machine).every((title) => title !== undefined));
      await machine.until('both collections', () => names(machine).length === 2);
      expect(titles(machine)).toEqual(['', 'Untitled scene 2']);
      expect(names(machine)).toEqual(['', 'Untitled scene 2']);
    }

    // Typed afterwards, the same words are the creator's title: no machine empties them again.
    a.scenes.update(untitled.scene, { title: 'Untitled scene' }, new Date().toISOString());
    await b.until('the typed title on B', () => b.scenes.get(untitled.scene)?.title === 'Untitled scene');
    await a.stop();
    const again = new SpaceMachine(folders[0]!.path);
    sync.cleanup(() => again.stop());
    await again.open(aMembership);
    await Promise.all([again.settled(), b.settled()]);
    expect(again.scenes.get(untitled.scene)?.title).toBe('Untitled scene');
    expect(b.scenes.get(untitled.scene)?.title).toBe('Untitled scene');
    expect([...a.warnings, ...b.warnings, ...again.warnings]).toEqual([]);
  });
});
