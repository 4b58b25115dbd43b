import { afterEach, describe, expect, it } from 'vitest';
import { sceneDocumentName } from '../../../shared/sync/documentNames.ts';
import { insertLine, readScene, updateLine, writeSceneSettings } from '../../../shared/sync/sceneDocument.ts';
import { openDocument, type OpenDocument } from './support/members.ts';
import { inviteCode, joinAs, startSyncServerProcess, tempFolder, type SyncServerProcess } from './support/syncServerProcess.ts';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const line = (id: string, text: string) => ({
  id,
  kind: 'talk' as const,
  characterId: 'char-1',
  voiceId: null,
  text,
  emotion: null,
  talk: null,
  clipItemId: null,
});

describe('the sync server killed during edits', () => {
  it('loses no acknowledged edit when it starts again on the same data folder', async () => {
    const data = tempFolder('sync-durable-');
    cleanups.push(data.remove);
    let server: SyncServerProcess = await startSyncServerProcess(data.path);
    cleanups.push(() => server.kill('SIGKILL'));
    const { code } = await inviteCode(data.path, 'Film', 'Ana');
    const ana = await joinAs(server.httpUrl, code);
    const name = sceneDocumentName(ana.spaceId, 'scene-1');

    const writer: OpenDocument = openDocument(server.url, name, ana.token);
    cleanups.push(() => writer.destroy());
    await writer.synced();
    writeSceneSettings(writer.doc, { title: 'Night market', aspect: '16:9', quality: 'standard' });
    // Edits acknowledged one after another, well inside the store's 2 s debounce.
    for (let index = 0; index < 20; index += 1) {
      insertLine(writer.doc, index, line(`line-${index}`, `Line ${index}`));
      await writer.acknowledged();
    }
    updateLine(writer.doc, 'line-3', { text: 'Line 3, rewritten' });
    await writer.acknowledged();
    const acknowledged = readScene(writer.doc);
    // More edits still in flight when the process dies: they may or may not survive.
    for (let index = 20; index < 40; index += 1) insertLine(writer.doc, index, line(`line-${index}`, `Line ${index}`));
    await server.kill('SIGKILL');
    writer.destroy();

    server = await startSyncServerProcess(data.path);
    const reader = openDocument(server.url, name, ana.token);
    cleanups.push(() => reader.destroy());
    await reader.synced();
    const after = readScene(reader.doc);
    expect({ title: after.title, aspect: after.aspect, quality: after.quality }).toEqual({
      title: 'Night market',
      aspect: '16:9',
      quality: 'standard',
    });
    expect(after.lines.slice(0, acknowledged.lines.length)).toEqual(acknowledged.lines);
    expect(after.lines.find((each) => each.id === 'line-3')?.text).toBe('Line 3, rewritten');
  });
});
