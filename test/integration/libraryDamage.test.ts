import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CharacterView, Job, LibraryHealth, LibraryItem, VoiceView } from '../../shared/ipc/index.ts';
import { startSandbox, type SandboxHandle } from '../support/sandboxProcess.ts';
import { startCore, type Harness } from './support/coreHarness.ts';
import { ledger } from './support/ledger.ts';
import { hasSecretService, testKeychain } from './support/keychainForTests.ts';
import { describeError } from '../../renderer/errors/errorMessages.ts';
import { formatsFor } from '../../renderer/i18n/format.ts';

const keychain = testKeychain();
const running: Harness[] = [];
const sandboxes: SandboxHandle[] = [];
afterEach(async () => {
  for (const h of running.splice(0)) await h.stop().catch(() => {});
  for (const s of sandboxes.splice(0)) await s.stop().catch(() => {});
});

async function start(userDataDir?: string): Promise<Harness> {
  const h = await startCore({ keychain, ...(userDataDir ? { userDataDir } : {}) });
  running.push(h);
  return h;
}

async function stop(h: Harness): Promise<void> {
  running.splice(running.indexOf(h), 1);
  await h.stop();
}

async function items(h: Harness): Promise<LibraryItem[]> {
  return ((await h.invoke('library.query', { filter: {}, offset: 0, limit: 500 })) as { items: LibraryItem[] }).items;
}

async function done(h: Harness, job: Job): Promise<Job> {
  return h.waitFor('job.updated', (j) => j.id === job.id && (j.state === 'done' || j.state === 'failed'));
}

/**
 * Until every preset's preview is in the media store. The sandbox renders preset previews in the
 * background, so a preview it finishes after the library was damaged would be new content, fetched
 * after the rebuild (not found again): the library holds all of them before it is damaged.
 */
async function presetPreviewsDownloaded(h: Harness): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { presets } = (await h.invoke('voices.list', {})) as { presets: VoiceView[] };
    if (presets.length > 0 && presets.every((p) => p.previewMediaId !== null)) return;
    if (Date.now() > deadline) throw new Error(`Preset previews never downloaded: ${JSON.stringify(presets)}`);
    if (presets.length === 0 || presets.some((p) => !p.preview_url)) await h.core.session()!.sync.run();
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A character and two images made through core, every file downloaded. */
async function populate(h: Harness): Promise<void> {
  const character = await done(h, (await h.invoke('characters.create', { body: { name: 'Mara', parameters: {} }, quoteId: null })) as Job);
  expect(character.state).toBe('done');
  for (const prompt of ['at the harbour', 'in the rain']) {
    const job = await done(
      h,
      (await h.invoke('generations.create', {
        body: { character_id: character.resourceId!, type: 'image', prompt },
        quoteId: null,
      })) as Job,
    );
    expect(job.state).toBe('done');
  }
  // Everything the service has is in the library before it is damaged (the "before" to compare with).
  await presetPreviewsDownloaded(h);
  await h.core.session()!.sync.run({ full: true });
  await h.core.session()!.downloader.idle();
}

/** Garbage over the file's header and over one whole page in its middle. */
function damage(file: string): void {
  const size = statSync(file).size;
  const pageSize = 4096;
  expect(size).toBeGreaterThan(8 * pageSize);
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(100, 0xab), 0, 100, 0);
  writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, Math.floor(size / pageSize / 2) * pageSize);
  closeSync(fd);
}

/** Content id → inode of every file in the media store: a download placed again gets a new inode. */
function mediaFiles(root: string): Map<string, number> {
  const files = new Map<string, number>();
  for (const shard of readdirSync(root)) {
    if (!/^[0-9a-f]{2}$/.test(shard)) continue;
    for (const name of readdirSync(join(root, shard))) files.set(name, statSync(join(root, shard, name)).ino);
  }
  return files;
}

function libraryFile(h: Harness): string {
  return join(h.userDataDir, 'profiles', 'sandbox', 'library.db');
}

describe.skipIf(!hasSecretService)('a damaged library', () => {
  it('is moved aside on start and rebuilt from the service and the media already on disk, refusing paid work meanwhile', async () => {
    const first = await start();
    await populate(first);
    const before = await items(first);
    const charactersBefore = (await first.invoke('characters.list', {})) as CharacterView[];
    const mediaRoot = first.core.session()!.media.root;
    expect(before.filter((i) => i.kind === 'image' && i.mediaId && i.thumbId)).toHaveLength(2);
    await stop(first);
    const filesBefore = mediaFiles(mediaRoot);
    expect(filesBefore.size).toBeGreaterThan(4);
    damage(libraryFile(first));

    const h = await start(first.userDataDir);
    // At once, before the rebuild is through: the app is up, says what happened, and takes no paid work.
    const rebuilding = (await h.invoke('library.health', {})) as LibraryHealth;
    expect(rebuilding.state).toBe('rebuilding');
    expect(rebuilding.movedTo).toMatch(/library\.damaged-.+\.db$/);
    expect(rebuilding.notice).toBe('rebuilding');
    const refused = await h.core.router.handle('generations.create', {
      body: { character_id: charactersBefore[0]!.id, type: 'image', prompt: 'too soon' },
      quoteId: null,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'library_rebuilding' } });
    expect(existsSync(rebuilding.movedTo!)).toBe(true);

    const rebuilt = await h.waitFor('health.changed', (p) => p.state === 'ok');
    expect(rebuilt.notice).toBe('rebuilt');
    expect(rebuilt.rebuilt?.items).toBe(before.length);
    const found = rebuilt.rebuilt?.relinked;

    // Every item and character is back with the very same files, none downloaded again.
    const after = await items(h);
    expect(after.map((i) => [i.id, i.mediaId, i.thumbId]).sort()).toEqual(before.map((i) => [i.id, i.mediaId, i.thumbId]).sort());
    const charactersAfter = (await h.invoke('characters.list', {})) as CharacterView[];
    expect(charactersAfter.map((c) => [c.id, c.headshotMediaId])).toEqual(charactersBefore.map((c) => [c.id, c.headshotMediaId]));
    await h.core.session()!.downloader.idle();
    const session = h.core.session()!;
    expect(session.library.get<{ n: number }>("SELECT count(*) AS n FROM downloads WHERE state <> 'done'")?.n).toBe(0);
    const linked = session.library.all<{ content_id: string }>("SELECT DISTINCT content_id FROM downloads WHERE state = 'done'");
    expect(found).toBe(linked.length);
    // Each file is the very one that was on disk (a download placed again would be a new inode), and none was added.
    const filesAfter = mediaFiles(mediaRoot);
    for (const { content_id: contentId } of linked) expect(filesAfter.get(contentId), contentId).toBe(filesBefore.get(contentId));
    expect([...filesAfter.keys()].filter((id) => !filesBefore.has(id))).toEqual([]);
    for (const contentId of filesBefore.keys()) expect(h.core.resolveMedia(contentId), contentId).not.toBeNull();

    // Repaired: paid work is taken again.
    const job = await done(
      h,
      (await h.invoke('generations.create', {
        body: { character_id: charactersBefore[0]!.id, type: 'image', prompt: 'after the repair' },
        quoteId: null,
      })) as Job,
    );
    expect(job.state).toBe('done');
  }, 180_000);

  it('found by the start check after the library opened is moved aside and rebuilt; paid work asked for meanwhile waits and is refused', async () => {
    const first = await start();
    await populate(first);
    const before = await items(first);
    const characterId = ((await first.invoke('characters.list', {})) as CharacterView[])[0]!.id;
    // Pages that nothing reads while the app starts, only the check: the damage goes into one of them.
    const { library } = first.core.session()!;
    library.db.exec('CREATE TABLE start_check_filler (bytes BLOB)');
    library.db.exec(
      'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300) INSERT INTO start_check_filler SELECT randomblob(3000) FROM n',
    );
    const fillerPages = library.all<{ pageno: number }>(
      "SELECT pageno FROM dbstat WHERE name = 'start_check_filler' AND pagetype = 'leaf' ORDER BY pageno",
    );
    const operations = (await ledger(first.sandbox())).length;
    await stop(first);
    const file = libraryFile(first);
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, (fillerPages[Math.floor(fillerPages.length / 2)]!.pageno - 1) * 4096);
    closeSync(fd);

    const h = await start(first.userDataDir);
    // Asked for the moment core is up, while the check may still be reading: it waits for the verdict.
    const refused = await h.core.router.handle('generations.create', {
      body: { character_id: characterId, type: 'image', prompt: 'while the check reads' },
      quoteId: null,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'library_rebuilding' } });
    expect(h.log.text()).toContain('The start check found damage in the library.');
    const rebuilding = (await h.invoke('library.health', {})) as LibraryHealth;
    expect(rebuilding.state).toBe('rebuilding');
    expect(existsSync(rebuilding.movedTo!)).toBe(true);
    // Nothing reached the service.
    expect(await ledger(h.sandbox())).toHaveLength(operations);

    await h.waitFor('health.changed', (p) => p.state === 'ok' && p.notice === 'rebuilt');
    expect((await items(h)).map((i) => i.id).sort()).toEqual(before.map((i) => i.id).sort());
    const job = await done(
      h,
      (await h.invoke('generations.create', {
        body: { character_id: characterId, type: 'image', prompt: 'after the rebuild' },
        quoteId: null,
      })) as Job,
    );
    expect(job.state).toBe('done');
  }, 180_000);

  it('found by the full check in Settings refuses paid work until repaired, and the repair rebuilds it', async () => {
    const h = await start();
    await populate(h);
    const characterId = ((await h.invoke('characters.list', {})) as CharacterView[])[0]!.id;
    const session = h.core.session()!;
    // Everything in the main file (no page left only in the log), then a page of it overwritten under the running app.
    session.library.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    const file = libraryFile(h);
    const size = statSync(file).size;
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, Math.floor(size / 4096 / 2) * 4096);
    closeSync(fd);

    const checked = (await h.invoke('library.checkIntegrity', {})) as LibraryHealth;
    expect(checked.state).toBe('damaged');
    expect(checked.notice).toBe('damaged');
    const refused = await h.core.router.handle('generations.create', {
      body: { character_id: characterId, type: 'image', prompt: 'while damaged' },
      quoteId: null,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'library_damaged' } });
    // The page words it, saying where the repair is.
    expect(!refused.ok && describeError(refused.error, formatsFor('en'))).toContain('Settings → Library');
    expect(await h.core.router.handle('characters.create', { body: { name: 'Nope', parameters: {} }, quoteId: null })).toMatchObject({
      ok: false,
      error: { code: 'library_damaged' },
    });
    // Reading the library still works.
    expect((await items(h)).length).toBeGreaterThan(0);

    const repaired = (await h.invoke('library.repair', {})) as LibraryHealth;
    expect(repaired.state).toBe('rebuilding');
    expect(existsSync(repaired.movedTo!)).toBe(true);
    await h.waitFor('health.changed', (p) => p.state === 'ok' && p.notice === 'rebuilt');
    expect(((await h.invoke('characters.list', {})) as CharacterView[]).map((c) => c.id)).toContain(characterId);
    expect(((await h.invoke('library.checkIntegrity', {})) as LibraryHealth).state).toBe('ok');
    const job = await done(
      h,
      (await h.invoke('generations.create', {
        body: { character_id: characterId, type: 'image', prompt: 'after the repair' },
        quoteId: null,
      })) as Job,
    );
    expect(job.state).toBe('done');
  }, 180_000);

  it('of one profile does not hold up another', async () => {
    const remote = await startSandbox();
    sandboxes.push(remote);
    const first = await start();
    await populate(first);
    const other = (await first.invoke('profiles.add', {
      name: 'Studio account',
      baseUrl: remote.ready.base_url,
      cdnUrl: remote.ready.cdn_url,
      caPem: readFileSync(remote.ready.ca_cert, 'utf8'),
      apiKey: remote.ready.api_key,
    })) as { id: string };
    await first.invoke('profiles.activate', { id: other.id });
    const made = await done(
      first,
      (await first.invoke('characters.create', { body: { name: 'Elsewhere', parameters: {} }, quoteId: null })) as Job,
    );
    expect(made.state).toBe('done');
    await first.invoke('profiles.activate', { id: 'sandbox' });
    await stop(first);
    damage(libraryFile(first));
    const otherFile = join(first.userDataDir, 'profiles', other.id.replace(/[^a-zA-Z0-9-]/g, '_'), 'library.db');
    const otherBytes = readFileSync(otherFile);

    const h = await start(first.userDataDir);
    expect(((await h.invoke('library.health', {})) as LibraryHealth).state).toBe('rebuilding');
    // Straight to the other profile while the damaged one is still rebuilding: it opens, reads and takes paid work.
    await h.invoke('profiles.activate', { id: other.id });
    expect(((await h.invoke('library.health', {})) as LibraryHealth).state).toBe('ok');
    expect(((await h.invoke('characters.list', {})) as CharacterView[]).map((c) => c.id)).toContain(made.resourceId);
    const job = await done(
      h,
      (await h.invoke('characters.create', { body: { name: 'Still working', parameters: {} }, quoteId: null })) as Job,
    );
    expect(job.state).toBe('done');
    expect(otherBytes.length).toBeGreaterThan(0);

    // Back on the damaged profile, the rebuild cut short by the switch carries on and completes.
    await h.invoke('profiles.activate', { id: 'sandbox' });
    expect(((await h.invoke('library.health', {})) as LibraryHealth).state).toBe('rebuilding');
    await h.waitFor('health.changed', (p) => p.state === 'ok' && p.notice === 'rebuilt');
  }, 180_000);
});
