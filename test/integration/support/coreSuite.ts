import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterView, Job, LibraryItem } from '../../../shared/ipc/index.ts';
import type { Keychain } from '../../../electron/core/secrets/keychain.ts';
import { createUser } from '../../contract/helpers.ts';
import { MemoryKeychain } from '../../support/memoryKeychain.ts';
import { toneWav } from '../../support/wavFiles.ts';
import { startCore, variantsOf, type Harness } from './coreHarness.ts';
import { hasSecretService, testKeychain } from './keychainForTests.ts';
import { ledger } from './ledger.ts';

export type CoreSuiteOptions = {
  /** Service variants of the sandbox (docs/service-decisions.md); CAST_TEST_SANDBOX_VARIANTS when not given. */
  variants?: readonly string[];
  /**
   * `os`: the real OS keychain (the suite is skipped, as vitest reports, where there is none);
   * `memory`: a keychain in memory, so a variant's run is about the service and runs everywhere.
   */
  keychain: 'os' | 'memory';
};

/**
 * The core integration suite: character, image, video, voice clone, speech, talk, regenerate,
 * revert, downloads into the library and credits, against one real sandbox process over HTTPS.
 * Where a variant changes what the creator can do, the suite says so in a test of its own:
 * `no-uploads` clones the voice from a CDN URL of speech already on the service, since a file from
 * this computer cannot be sent there; `strict-scopes` runs with a paid-plan key and shows that a
 * free-plan key is refused every call.
 */
export function describeCoreSuite(options: CoreSuiteOptions): void {
  const variants = variantsOf(options.variants);
  const names = new Set(variants.map((v) => v.split('=')[0]));
  const title = variants.length ? `sandbox --variant ${variants.join(',')}` : 'the default sandbox';
  let h: Harness;
  let keychain: Keychain;
  const jobs: Job[] = [];

  async function finish(job: Job, timeoutMs = 60_000): Promise<Job> {
    const done = await h.waitFor('job.updated', (j) => j.id === job.id && (j.state === 'done' || j.state === 'failed'), timeoutMs);
    expect(done.error, `${job.title.subject}: ${JSON.stringify(done.error)}`).toBeNull();
    expect(done.state).toBe('done');
    jobs.push(done);
    return done;
  }

  async function downloaded(id: string): Promise<LibraryItem> {
    await h.waitFor('library.updated', (p) => p.items.some((i) => i.id === id && i.downloaded), 60_000);
    return (await h.invoke('library.get', { id })) as LibraryItem;
  }

  /** The thumbnail is a download of its own and may land after the media. */
  async function withThumbnail(id: string): Promise<LibraryItem> {
    await h.waitFor('library.updated', (p) => p.items.some((i) => i.id === id && i.thumbId !== null), 30_000);
    return (await h.invoke('library.get', { id })) as LibraryItem;
  }

  function file(mediaId: string | null): Buffer {
    const resolved = mediaId ? h.core.resolveMedia(mediaId) : null;
    expect(resolved, `media ${mediaId}`).not.toBeNull();
    return readFileSync(resolved!.path);
  }

  describe.skipIf(options.keychain === 'os' && !hasSecretService)(
    `core against ${title} over HTTPS with the ${options.keychain === 'os' ? 'real' : 'in-memory'} keychain`,
    () => {
      beforeAll(async () => {
        keychain = options.keychain === 'os' ? testKeychain() : new MemoryKeychain();
        h = await startCore({ keychain, variants });
      });
      afterAll(async () => {
        await h?.stop();
        await keychain?.delete('sandbox').catch(() => {});
      });

      let characterId = '';
      let voiceId = '';

      it('stores the sandbox key in the keychain and shows the renderer only its prefix', async () => {
        const key = h.sandbox().ready.api_key;
        expect(await keychain.get('sandbox')).toBe(key);
        const connection = (await h.invoke('connection.get', {})) as { online: boolean; profile: { keyState: string; keyPrefix: string } };
        expect(connection.profile).toMatchObject({ keyState: 'ok', keyPrefix: `${key.slice(0, 12)}…` });
        expect(JSON.stringify(connection)).not.toContain(key);
      });

      // Only a service with strict scopes refuses free plans on reads; the default lets them read.
      if (names.has('strict-scopes'))
        it('strict-scopes: runs with a paid-plan key, since a free-plan key is refused every call, reads included (spec 5.5)', async () => {
          // The account core read through this key names an active paid plan, so every call of the suite may pass.
          const account = (await h.invoke('account.get', {})) as { subscription: { plan: string; status: string } | null };
          expect(account.subscription).toMatchObject({ plan: expect.stringMatching(/^(creator|studio)$/), status: 'active' });
          const free = await createUser(h.sandbox(), { plan: 'free' });
          const refused = await h.sandbox().request('GET', '/v1/account', { auth: free.key });
          expect(refused.status).toBe(403);
          expect(JSON.stringify(refused.body)).toContain('plan_required');
        });

      it('creates a character and downloads its headshot and full-body image', async () => {
        const job = (await h.invoke('characters.create', {
          body: { name: 'Ada', parameters: { creationType: 'human', gender: 'female', age: '30s' } },
          quoteId: null,
        })) as Job;
        expect(job.quotedCredits).toBeGreaterThan(0);
        const done = await finish(job);
        characterId = done.resourceId!;
        const view = await h.waitFor(
          'character.updated',
          (c: CharacterView) => c.id === characterId && c.headshotMediaId !== null && c.fullbodyMediaId !== null,
        );
        expect(view.status).toBe('ready');
        expect(file(view.headshotMediaId).subarray(1, 4).toString('latin1')).toBe('PNG');
      });

      it('generates an image into the library as a file', async () => {
        const price = (await h.invoke('quotes.price', {
          operationId: 'generations.create.v1',
          input: { character_id: characterId, type: 'image', prompt: 'Ada reading by a lighthouse' },
        })) as { quoteId: string; credits: number };
        const job = (await h.invoke('generations.create', {
          body: { character_id: characterId, type: 'image', prompt: 'Ada reading by a lighthouse' },
          quoteId: price.quoteId,
        })) as Job;
        expect(job.quotedCredits).toBe(price.credits);
        const done = await finish(job);
        expect(done.creditsUsed).toBe(price.credits);
        const item = await downloaded(done.resourceId!);
        expect(item).toMatchObject({ kind: 'image', status: 'completed', characterName: 'Ada', downloaded: true });
        expect(file(item.mediaId).subarray(1, 4).toString('latin1')).toBe('PNG');
        expect((await withThumbnail(item.id)).thumbId).not.toBeNull();
      });

      it('generates a video into the library as a file', async () => {
        const job = (await h.invoke('generations.create', {
          body: { character_id: characterId, type: 'video', prompt: 'Ada walks along the pier', options: { duration: 2 } },
          quoteId: null,
        })) as Job;
        const done = await finish(job);
        const item = await downloaded(done.resourceId!);
        expect(item.mediaType).toMatch(/^video\//);
        expect(file(item.mediaId).length).toBeGreaterThan(1_000);
      });

      /** The audio sample a clone is made from: a file uploaded from this computer, or (no uploads) speech already on the service's CDN. */
      async function voiceSample(): Promise<string> {
        const dropped = await h.core.router.handle('uploads.create', {
          fileName: 'sample.wav',
          contentType: 'audio/wav',
          dataBase64: toneWav(2).toString('base64'),
        });
        if (!names.has('no-uploads')) {
          expect(dropped.ok, JSON.stringify(dropped)).toBe(true);
          const upload = (dropped as { ok: true; value: { url: string } }).value;
          expect(upload.url).toMatch(/^https:\/\//);
          return upload.url;
        }
        // spec 4.7 leaves the upload endpoint unshown: a dropped file is refused with its code, and
        // the creator clones from an item this service made instead.
        expect(dropped).toMatchObject({ ok: false, error: { code: 'uploads_not_offered', params: {} } });
        const voices = (await h.invoke('voices.list', {})) as { presets: { id: string }[] };
        const line = (await h.invoke('audio.create', {
          body: { voice_id: voices.presets[0]!.id, text: 'A sample line read by the lighthouse keeper.' },
          quoteId: null,
        })) as Job;
        const spoken = await downloaded((await finish(line)).resourceId!);
        expect(spoken.remoteUrl).toMatch(/^https:\/\//);
        return spoken.remoteUrl!;
      }

      it(
        names.has('no-uploads')
          ? 'clones a voice from speech already on the service’s CDN, since it takes no uploads'
          : 'clones a voice from an uploaded sample',
        async () => {
          const job = (await h.invoke('voices.clone', {
            body: { name: 'Ada’s voice', source_url: await voiceSample() },
            quoteId: null,
          })) as Job;
          const done = await finish(job);
          voiceId = done.resourceId!;
          await h.waitFor('voices.updated', (v) => v.voiceId === voiceId && v.status === 'ready');
          const voices = (await h.invoke('voices.list', {})) as { voices: { id: string; status: string }[]; presets: unknown[] };
          expect(voices.voices.find((v) => v.id === voiceId)?.status).toBe('ready');
          expect(voices.presets.length).toBeGreaterThan(0);
        },
      );

      it('makes speech, then a talk clip that speaks it, both downloaded', async () => {
        const talk = (await h.invoke('generations.create', {
          body: { character_id: characterId, type: 'talk', prompt: 'Ada greets the audience' },
          quoteId: null,
          speech: { voice_id: voiceId, text: 'Hello, and welcome to the lighthouse.' },
        })) as Job;
        expect(talk.dependsOn).not.toBeNull();
        const speech = await finish({ ...talk, id: talk.dependsOn! });
        const audio = await downloaded(speech.resourceId!);
        expect(audio.kind).toBe('audio');
        expect(file(audio.mediaId).subarray(0, 4).toString('latin1')).toBe('RIFF');
        const clip = await finish(talk);
        const item = await downloaded(clip.resourceId!);
        expect(item.kind).toBe('talk');
        expect(item.options.audio_url).toMatch(/^https:\/\//);
        expect(file(item.mediaId).length).toBeGreaterThan(1_000);
      });

      it('regenerates the character into a new version, then reverts to the previous one', async () => {
        const before = (await h.invoke('characters.get', { id: characterId })) as CharacterView;
        const regen = (await h.invoke('characters.regenerate', {
          id: characterId,
          customDetails: 'with a red scarf',
          quoteId: null,
        })) as Job;
        await finish(regen);
        const regenerated = await h.waitFor(
          'character.updated',
          (c: CharacterView) => c.id === characterId && c.version > before.version && c.status === 'ready' && c.headshotMediaId !== null,
        );
        expect(regenerated.canRevert).toBe(true);
        expect(regenerated.versions.map((v) => v.version)).toEqual(expect.arrayContaining([before.version, regenerated.version]));
        expect(regenerated.headshotMediaId).not.toBe(before.headshotMediaId);
        const revert = (await h.invoke('characters.revert', { id: characterId })) as Job;
        await finish(revert);
        const reverted = await h.waitFor(
          'character.updated',
          (c: CharacterView) => c.id === characterId && c.version === before.version && c.headshotMediaId !== null,
        );
        // Content-addressed: the restored version is the very same image file.
        expect(reverted.headshotMediaId).toBe(before.headshotMediaId);
      });

      it('finds everything offline-ready in the library, searchable', async () => {
        const all = (await h.invoke('library.query', { filter: {}, offset: 0, limit: 100 })) as { items: LibraryItem[]; total: number };
        expect(
          all.items
            .filter((i) => i.downloaded)
            .map((i) => i.kind)
            .sort(),
        ).toEqual(expect.arrayContaining(['audio', 'image', 'talk', 'video']));
        const found = (await h.invoke('library.query', { filter: { search: 'lighthou' }, offset: 0, limit: 10 })) as {
          items: LibraryItem[];
        };
        expect(found.items.map((i) => i.kind)).toEqual(expect.arrayContaining(['image', 'audio']));
      });

      it('keeps favorites and collections, exports files, shows spend, and deletes through the service', async () => {
        const all = (
          (await h.invoke('library.query', { filter: { kinds: ['image', 'video'] }, offset: 0, limit: 50 })) as { items: LibraryItem[] }
        ).items;
        const image = all.find((i) => i.kind === 'image')!;
        const video = all.find((i) => i.kind === 'video')!;
        await h.invoke('library.setFavorite', { ids: [image.id], favorite: true });
        expect(
          ((await h.invoke('library.query', { filter: { favorites: true }, offset: 0, limit: 10 })) as { items: LibraryItem[] }).items.map(
            (i) => i.id,
          ),
        ).toEqual([image.id]);
        const collection = (await h.invoke('collections.create', { name: 'Pier series' })) as { id: string };
        await h.invoke('collections.addItems', { id: collection.id, itemIds: [image.id, video.id] });
        expect(((await h.invoke('collections.list', {})) as { count: number }[])[0]!.count).toBe(2);

        // Outside the data folder: an export into it is refused.
        const destination = join(mkdtempSync(join(tmpdir(), 'cast-export-')), 'export-test');
        const exported = (await h.invoke('library.export', { ids: [image.id, video.id], destination })) as {
          exported: number;
          folder: string;
        };
        expect(exported).toEqual({ exported: 2, folder: destination, cancelled: false });
        const names = readdirSync(destination);
        expect(names).toHaveLength(2);
        expect(names).toEqual(expect.arrayContaining([expect.stringMatching(/^image-.*\.png$/), expect.stringMatching(/^video-.*\.mp4$/)]));

        const spend = (await h.invoke('account.spendByDay', { days: 7 })) as { kind: string; credits: number }[];
        expect(spend.map((s) => s.kind)).toEqual(expect.arrayContaining(['image', 'video']));
        expect(spend.every((s) => s.credits > 0)).toBe(true);

        const videoFile = h.core.resolveMedia(video.mediaId!)!.path;
        const deleted = (await h.invoke('library.delete', { ids: [video.id] })) as { deleted: number; failed: unknown[] };
        expect(deleted).toEqual({ deleted: 1, failed: [] });
        expect(h.core.resolveMedia(video.mediaId!)).toBeNull();
        expect(existsSync(videoFile)).toBe(false);
        const gone = await h.invoke('library.get', { id: video.id }).catch((e: unknown) => e);
        expect(String(gone)).toMatch(/not_found/);
        expect((await h.invoke('library.check', {})) as object).toEqual({
          missing: 0,
          orphans: 0,
          refetched: 0,
          removed: 0,
          pending: 0,
          failed: 0,
        });
      });

      it('charged every operation exactly once, by the sandbox’s own ledger', async () => {
        const operations = await ledger(h.sandbox());
        const session = h.core.session()!;
        for (const job of jobs) {
          const key = session.jobs.require(job.id).idempotency_key;
          const charged = operations.filter((o) => o.idempotency_key === key);
          expect(charged, job.title.subject).toHaveLength(1);
          // A revert restores a version (and may refund); every other operation is one charge.
          expect(charged[0]!.charges, job.title.subject).toBe(job.kind === 'character.revert' ? 0 : 1);
        }
      });

      it('never writes the key to the preferences file, the database or the logs', async () => {
        const key = h.sandbox().ready.api_key;
        const admin = h.sandbox().ready.admin_token;
        const dbDir = join(h.userDataDir, 'profiles', 'sandbox');
        const files = [h.prefs.path, join(h.userDataDir, 'logs', 'core.log'), ...readdirSync(dbDir).map((f) => join(dbDir, f))];
        for (const path of files) {
          const bytes = readFileSync(path);
          expect(bytes.includes(Buffer.from(key)), path).toBe(false);
          expect(bytes.includes(Buffer.from(admin)), path).toBe(false);
        }
        expect(h.log.text()).not.toContain(key);
        expect(JSON.stringify(h.events)).not.toContain(key);
      });
    },
  );
}
