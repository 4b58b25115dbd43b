import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sceneDocumentName, spaceDocumentName } from '../../../shared/sync/documentNames.ts';
import { readSpace, setFavourite } from '../../../shared/sync/spaceDocument.ts';
import { JOIN_REFUSED } from '../../../sync-server/joinEndpoint.ts';
import { REFUSALS } from '../../../sync-server/spaceAccess.ts';
import { openDocument, type OpenDocument } from './support/members.ts';
import { inviteCode, join, joinAs, runSyncCli } from './support/syncServerProcess.ts';
import { useSyncServer } from './support/testSyncServer.ts';

describe('access to a sync server is by space', () => {
  const sync = useSyncServer('sync-access-');

  function opened(url: string, name: string, token: string): OpenDocument {
    const member = openDocument(url, name, token);
    sync.cleanup(() => member.destroy());
    return member;
  }

  it('turns a join code into a member once, and refuses a wrong or used code', async () => {
    const { code, spaceId } = await inviteCode(sync.folder, 'Film', 'Ana');
    expect(await join(sync.server.httpUrl, 'AAAAA-BBBBB-CCCCC-DDDDD')).toEqual({ status: 403, body: { error: JOIN_REFUSED } });
    // Typed in lower case with spaces: the same code.
    const first = await join(sync.server.httpUrl, code.toLowerCase().replaceAll('-', ' '));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ spaceId, spaceName: 'Film', memberName: 'Ana' });
    expect(await join(sync.server.httpUrl, code)).toEqual({ status: 403, body: { error: JOIN_REFUSED } });
    expect(await join(sync.server.httpUrl, '{')).toMatchObject({ status: 403 });
  });

  it('stores neither the join code nor the member token, only their hashes', async () => {
    const { code } = await inviteCode(sync.folder, 'Film', 'Cleo');
    const pending = readFileSync(path.join(sync.folder, 'sync.sqlite'));
    const { token } = await joinAs(sync.server.httpUrl, code);
    await runSyncCli(sync.folder, ['--members']);
    const files = ['sync.sqlite', 'sync.sqlite-wal'].map((file) => {
      try {
        return readFileSync(path.join(sync.folder, file)).toString('latin1');
      } catch {
        return '';
      }
    });
    expect(pending.toString('latin1')).not.toContain(code.replaceAll('-', ''));
    for (const file of files) {
      expect(file).not.toContain(code.replaceAll('-', ''));
      expect(file).not.toContain(token);
    }
  });

  it("refuses a member of one space another space's documents", async () => {
    const ana = await sync.member('Film', 'Ana');
    const other = await inviteCode(sync.folder, 'Other film', 'Dan');
    await joinAs(sync.server.httpUrl, other.code);
    expect(other.spaceId).not.toBe(ana.spaceId);

    expect(await opened(sync.server.url, spaceDocumentName(other.spaceId), ana.token).refused).toBe(REFUSALS.otherSpace);
    expect(await opened(sync.server.url, sceneDocumentName(other.spaceId, 'scene-1'), ana.token).refused).toBe(REFUSALS.otherSpace);
    expect(await opened(sync.server.url, `space/${other.spaceId}/../${ana.spaceId}`, ana.token).refused).toBe(REFUSALS.unknownDocument);
    expect(await opened(sync.server.url, spaceDocumentName(ana.spaceId), 'cst_made-up').refused).toBe(REFUSALS.unknownToken);
    await opened(sync.server.url, spaceDocumentName(ana.spaceId), ana.token).synced();
  });

  it('cuts a revoked member off at once and refuses it on reconnect', async () => {
    const ana = await sync.member('Shared', 'Ana');
    const ben = await sync.member('Shared', 'Ben');
    const name = spaceDocumentName(ana.spaceId);
    const anaDoc = opened(sync.server.url, name, ana.token);
    const benDoc = opened(sync.server.url, name, ben.token);
    await Promise.all([anaDoc.synced(), benDoc.synced()]);
    setFavourite(benDoc.doc, 'item-1', '2026-01-01T00:00:00Z');
    await anaDoc.until((doc) => readSpace(doc).favourites.includes('item-1'));

    const revoked = await runSyncCli(sync.folder, ['--revoke', ben.memberId]);
    expect(revoked).toContain(`Revoked ${ben.memberId}`);
    await benDoc.closed;
    expect(await runSyncCli(sync.folder, ['--members', '--space', 'Shared'])).toMatch(new RegExp(`${ben.memberId} {2}Ben .* revoked `));

    // Its edits no longer reach the space, and the space's no longer reach it.
    setFavourite(benDoc.doc, 'item-2', '2026-01-02T00:00:00Z');
    setFavourite(anaDoc.doc, 'item-3', '2026-01-03T00:00:00Z');
    await anaDoc.acknowledged();
    expect(await benDoc.refused).toBe(REFUSALS.revoked);
    expect(readSpace(benDoc.doc).favourites).not.toContain('item-3');
    const fresh = opened(sync.server.url, name, ben.token);
    expect(await fresh.refused).toBe(REFUSALS.revoked);
    const check = opened(sync.server.url, name, ana.token);
    await check.synced();
    expect(readSpace(check.doc).favourites).toEqual(['item-1', 'item-3']);
  });
});
