import { afterEach, describe, expect, it } from 'vitest';
import { sceneDocumentName } from '../../../shared/sync/documentNames.ts';
import { insertLine, readScene, updateLine } from '../../../shared/sync/sceneDocument.ts';
import { openDocument } from './support/members.ts';
import { hasRedis, startRedis } from './support/redisServer.ts';
import { inviteCode, joinAs, startSyncServerProcess, tempFolder } from './support/syncServerProcess.ts';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const line = (id: string, text: string) => ({
  id,
  kind: 'talk' as const,
  characterId: null,
  voiceId: null,
  text,
  emotion: null,
  talk: null,
  clipItemId: null,
});

describe.skipIf(!hasRedis())('two sync server instances sharing a Redis', () => {
  it('deliver edits between members connected to different instances', async () => {
    const data = tempFolder('sync-redis-');
    cleanups.push(data.remove);
    const redis = await startRedis();
    cleanups.push(redis.stop);
    const first = await startSyncServerProcess(data.path, ['--redis', redis.url]);
    cleanups.push(() => first.kill());
    const second = await startSyncServerProcess(data.path, ['--redis', redis.url]);
    cleanups.push(() => second.kill());
    const ana = await joinAs(first.httpUrl, (await inviteCode(data.path, 'Film', 'Ana')).code);
    const ben = await joinAs(second.httpUrl, (await inviteCode(data.path, 'Film', 'Ben')).code);
    const name = sceneDocumentName(ana.spaceId, 'scene-1');

    const onFirst = openDocument(first.url, name, ana.token);
    cleanups.push(() => onFirst.destroy());
    const onSecond = openDocument(second.url, name, ben.token);
    cleanups.push(() => onSecond.destroy());
    await Promise.all([onFirst.synced(), onSecond.synced()]);

    insertLine(onFirst.doc, 0, line('line-a', 'Hello from the first instance'));
    await onSecond.until((doc) => readScene(doc).lines.some((each) => each.id === 'line-a'));
    updateLine(onSecond.doc, 'line-a', { text: 'Hello from the first instance, answered on the second' });
    await onFirst.until((doc) => readScene(doc).lines[0]?.text === 'Hello from the first instance, answered on the second');

    expect(readScene(onFirst.doc)).toEqual(readScene(onSecond.doc));
  });
});
