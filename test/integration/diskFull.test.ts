import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/ipc/index.ts';
import type { KeytarKeychain } from '../../electron/core/secrets/keychain.ts';
import { libraryFileOf } from '../../electron/core/session/sessionStores.ts';
import { startCore, type Harness } from './support/coreHarness.ts';
import { hasSecretService, testKeychain } from './support/keychainForTests.ts';
import { ledger } from './support/ledger.ts';
import { mountSmallVolume } from '../support/smallVolume.ts';

const volume = mountSmallVolume('24m');

let h: Harness;
let keychain: KeytarKeychain;
let characterId = '';
const sandboxDir = mkdtempSync(join(tmpdir(), 'cast-small-disk-sandbox-'));

async function settle(job: Job, timeoutMs = 60_000): Promise<Job> {
  return h.waitFor('job.updated', (j) => j.id === job.id && (j.state === 'done' || j.state === 'failed'), timeoutMs);
}

async function image(prompt: string): Promise<Job> {
  return (await h.invoke('generations.create', { body: { character_id: characterId, type: 'image', prompt }, quoteId: null })) as Job;
}

/**
 * Core's data folder on a small volume of its own that fills while it works. An error thrown out of
 * a handler, timer or promise chain anywhere in core fails the run (Vitest reports every unhandled
 * error), as it would end core in the app.
 */
describe.skipIf(!hasSecretService || volume.problem !== null)(
  `a full disk under core's data folder (${volume.problem ?? 'a 24 MB tmpfs'})`,
  () => {
    beforeAll(async () => {
      keychain = testKeychain();
      h = await startCore({
        keychain,
        userDataDir: volume.dir,
        // The service keeps its own data elsewhere: only the app's disk fills.
        sandboxDataDir: sandboxDir,
        deps: { tuning: { diskMarginBytes: 256 * 1024, diskCheckMs: { full: 100, ok: 100 } } },
      });
      const job = (await h.invoke('characters.create', {
        body: { name: 'Nell', parameters: { creationType: 'human' } },
        quoteId: null,
      })) as Job;
      characterId = (await settle(job)).resourceId!;
    }, 60_000);

    afterAll(async () => {
      await h?.stop();
      await keychain?.delete('sandbox').catch(() => {});
      volume.unmount();
      rmSync(sandboxDir, { recursive: true, force: true });
    });

    it('pauses, refuses new paid work, charges nothing unrecorded, and resumes once space is back', async () => {
      const session = h.core.session()!;
      // Paid work on its way while the disk fills under it.
      const sent = await Promise.all(['a lighthouse', 'a harbour', 'a gull', 'a storm'].map((p) => image(p)));
      volume.fill();
      expect(volume.freeBytes()).toBeLessThan(64 * 1024);

      await h.waitFor('disk.changed', (d) => d.state === 'full', 20_000);
      expect(((await h.invoke('library.diskSpace', {})) as { state: string }).state).toBe('full');

      // New paid work is refused with a sentence, and nothing of it reaches the service.
      const refused = await h.core.router.handle('generations.create', {
        body: { character_id: characterId, type: 'image', prompt: 'refused while full' },
        quoteId: null,
      });
      expect(refused.ok).toBe(false);
      if (!refused.ok) {
        expect(refused.error.code).toBe('disk_full');
        expect(refused.error.params).toEqual({ when: 'paid_work' });
      }
      // Downloads wait for room: none has failed.
      expect(session.downloader.notInPlace().failed).toBe(0);
      // Core keeps answering.
      expect((await h.core.router.handle('jobs.list', {})).ok).toBe(true);
      expect((await h.core.router.handle('library.query', { filter: {}, offset: 0, limit: 10 })).ok).toBe(true);

      // Every charge the service made is a job the library recorded before sending.
      const charged = (await ledger(h.sandbox())).filter((o) => o.charges > 0);
      const recorded = session.jobs.recent(1_000);
      expect(recorded.filter((j) => j.body.includes('refused while full'))).toEqual([]);
      const keys = new Set(recorded.map((j) => j.idempotency_key));
      for (const operation of charged) expect(keys.has(operation.idempotency_key), operation.idempotency_key).toBe(true);

      // Space is back: everything goes on by itself.
      volume.empty();
      await h.waitFor('disk.changed', (d) => d.state === 'ok', 20_000);
      const done = await Promise.all(sent.map((job) => settle(job)));
      for (const job of done) expect(job.state, JSON.stringify(job.error)).toBe('done');
      await session.downloader.idle(30_000);

      const after = await ledger(h.sandbox());
      for (const job of done) {
        const key = session.jobs.require(job.id).idempotency_key;
        expect(
          after.filter((o) => o.idempotency_key === key).map((o) => o.charges),
          job.title.subject,
        ).toEqual([1]);
      }
      const keysAfter = new Set(session.jobs.recent(1_000).map((j) => j.idempotency_key));
      for (const operation of after.filter((o) => o.charges > 0)) expect(keysAfter.has(operation.idempotency_key)).toBe(true);

      // Every finished item's files are in, and the library file is whole.
      const db = new DatabaseSync(libraryFileOf(volume.dir, session.profile.id), { readOnly: true });
      try {
        expect(db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
        const missing = db.prepare("SELECT id FROM library_items WHERE kind = 'image' AND status = 'completed' AND media_id IS NULL").all();
        expect(missing).toEqual([]);
        expect(db.prepare("SELECT count(*) AS n FROM downloads WHERE state != 'done'").get()).toEqual({ n: 0 });
        const images = db.prepare("SELECT count(*) AS n FROM library_items WHERE kind = 'image' AND media_id IS NOT NULL").get() as {
          n: number;
        };
        expect(images.n).toBeGreaterThanOrEqual(sent.length);
      } finally {
        db.close();
      }
    }, 60_000);

    it('starts on a full disk without a crash or a loop, says so, and opens by itself once space is back', async () => {
      const profileId = h.core.session()!.profile.id;
      await h.stop();
      volume.fill();
      h = await startCore({
        keychain,
        userDataDir: volume.dir,
        sandboxDataDir: sandboxDir,
        deps: { tuning: { diskMarginBytes: 256 * 1024, diskCheckMs: { full: 100, ok: 100 } } },
      });
      // Said before the harness listened (core was starting): the page reads it as it loads.
      const full = (await h.invoke('library.diskSpace', {})) as { state: string };
      expect(full.state).toBe('full');
      const waiting = (await h.invoke('connection.get', {})) as { problem: { reason: string } | null; online: boolean };
      expect(waiting.problem?.reason).toBe('disk_full');
      expect(waiting.online).toBe(false);

      volume.empty();
      await h.waitFor('disk.changed', (d) => d.state === 'ok', 20_000);
      await h.waitFor('connection.changed', (c) => c.online && c.profile?.id === profileId, 30_000);
      const job = await image('after a start on a full disk');
      expect((await settle(job)).state).toBe('done');
      const session = h.core.session()!;
      await session.downloader.idle(30_000);
      expect(session.downloader.notInPlace()).toEqual({ pending: 0, failed: 0 });
      expect(session.library.get('PRAGMA integrity_check')).toEqual({ integrity_check: 'ok' });
    }, 60_000);
  },
);
