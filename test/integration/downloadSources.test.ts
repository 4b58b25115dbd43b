import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { startCore, type Harness } from './support/coreHarness.ts';
import { downloadedImage } from './support/downloadedImage.ts';
import { hasSecretService, testKeychain } from './support/keychainForTests.ts';

const keychain = testKeychain();
const running: Harness[] = [];
afterAll(async () => {
  for (const h of running) await h.stop().catch(() => undefined);
  await keychain.delete('sandbox').catch(() => {});
});

/** A port nothing listens on: where the sandbox was before it came back elsewhere. */
const GONE_PORT = 1;

describe.skipIf(!hasSecretService)('download sources over a restart', () => {
  it('fetches downloads queued at the sandbox’s old address from its new one, and the library check counts what is not in place', async () => {
    const first = await startCore({ keychain });
    running.push(first);
    const { generationId, item: before } = await downloadedImage(first, 'Ines', 'a lantern by the sea');
    expect(before.downloaded).toBe(true);
    const mediaDir = first.core.session()!.media.root;
    const libraryFile = first.core.session()!.library.path;
    await first.stop();
    running.splice(running.indexOf(first), 1);

    // The library as version 4 left it when the app stopped in the middle of downloads: absolute
    // sources at the sandbox's address of that run (now dead), one waiting, one failed for good
    // after 8 refused connections, none of the files in place.
    const db = new DatabaseSync(libraryFile);
    db.exec(`
      UPDATE downloads SET state = CASE WHEN role = 'thumbnail' THEN 'failed' ELSE 'pending' END,
        attempts = CASE WHEN role = 'thumbnail' THEN 8 ELSE 2 END,
        error_message = CASE WHEN role = 'thumbnail' THEN 'The file could not be downloaded (connect ECONNREFUSED 127.0.0.1:${GONE_PORT}). Run the library check to try again.' END,
        content_id = NULL, received = 0
      WHERE owner_kind = 'generation' AND owner_id = '${generationId}';
      UPDATE library_items SET media_id = NULL, thumb_id = NULL, media_type = NULL WHERE id = '${generationId}';
      DELETE FROM media WHERE content_id NOT IN (SELECT content_id FROM downloads WHERE state = 'done' AND content_id IS NOT NULL);
      ALTER TABLE downloads DROP COLUMN failure;
      -- What later versions added: scenes and cast voices (6), job batches and times (7), the kind index (8),
      -- the doubt and Retry-After of jobs (10).
      DROP TABLE scene_renders; DROP TABLE scene_lines; DROP TABLE scenes;
      DROP TRIGGER cast_voices_character_gone; DROP TABLE cast_voices;
      DROP INDEX jobs_batch; DROP INDEX jobs_finished;
      ALTER TABLE jobs DROP COLUMN batch_id; ALTER TABLE jobs DROP COLUMN finished_at; ALTER TABLE jobs DROP COLUMN estimate_ms;
      DROP INDEX library_items_kind_count;
      ALTER TABLE jobs DROP COLUMN doubt_since; ALTER TABLE jobs DROP COLUMN retry_after_until;
      PRAGMA user_version = 4;
    `);
    // The file's name on the CDN is the last part of its address (`<sha256>.<ext>`), however it is kept.
    for (const row of db.prepare('SELECT id, url FROM downloads WHERE owner_id = ?').all(generationId) as { id: string; url: string }[]) {
      db.prepare('UPDATE downloads SET url = ? WHERE id = ?').run(
        `https://127.0.0.1:${GONE_PORT}/cdn/${row.url.split('/').pop()!}`,
        row.id,
      );
    }
    const urls = db.prepare('SELECT role, url, state FROM downloads WHERE owner_id = ? ORDER BY role').all(generationId) as {
      role: string;
      url: string;
      state: string;
    }[];
    db.close();
    expect(urls.map((u) => u.state)).toEqual(['pending', 'failed']);
    for (const u of urls) expect(u.url).toMatch(new RegExp(`^https://127\\.0\\.0\\.1:${GONE_PORT}/cdn/[0-9a-f]{64}\\.`));
    for (const id of [before.mediaId, before.thumbId]) rmSync(join(mediaDir, id!.slice(0, 2), id!), { force: true });

    const second = await startCore({ keychain, userDataDir: first.userDataDir });
    running.push(second);
    const back = await second
      .waitFor('library.updated', (u) => u.items.some((i) => i.id === generationId && i.downloaded && i.thumbId !== null), 60_000)
      .then((u) => u.items.find((i) => i.id === generationId)!);
    expect(back.mediaId).toBe(before.mediaId);
    expect(back.thumbId).toBe(before.thumbId);
    await second.core.session()!.downloader.idle(60_000);
    expect(await second.invoke('library.check', {})).toEqual({ missing: 0, orphans: 0, refetched: 0, removed: 0, pending: 0, failed: 0 });

    // A download that cannot be had (the service no longer has the file) is not in place:
    // "Check the library" counts it and "Fetch them again" puts it back in line.
    const session = second.core.session()!;
    // The start's work settles first: nothing followed any more (the sandbox's preset voices are
    // followed until their previews are made, which then download), no history pass under way (one
    // that sees the record again points its download back at the real address, as it should), no
    // file on its way. What follows then sees only the download broken here.
    for (const deadline = Date.now() + 60_000; session.poller.size > 0;) {
      if (Date.now() > deadline) throw new Error('Resources were still followed a minute after the start.');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await session.sync.run();
    await session.downloader.idle(60_000);
    session.library.run(
      "UPDATE downloads SET url = ?, state = 'failed', failure = 'gone', error_message = 'The file is no longer available on the service.', content_id = NULL WHERE owner_id = ? AND role = 'output'",
      `${'0'.repeat(64)}.png`,
      generationId,
    );
    const check = (await second.invoke('library.check', {})) as { pending: number; failed: number };
    expect(check).toMatchObject({ pending: 0, failed: 1 });
    expect(await second.invoke('library.refetch', {})).toEqual({ queued: 1 });
    await session.downloader.idle(60_000);
    // The sandbox answers 404 for it again: failed once more, and counted.
    expect(await second.invoke('library.check', {})).toMatchObject({ pending: 0, failed: 1 });
  });
});
