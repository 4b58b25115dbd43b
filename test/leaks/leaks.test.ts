/**
 * Leaks (issue 8): after a full journey through the browser host (onboarding, a character, an
 * image, speech, the settings and gallery screens), the API key's text is nowhere the user or a page
 * could read it: not in the preferences file, any file under the user data folder (the library
 * database and its WAL included), any log, the renderer's DOM, its storage, the bridge messages it
 * received, or a heap snapshot of the renderer. And the host's media route refuses every path that
 * leads outside the library: `../`, encoded, absolute, and symlinks planted in the media store.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, LibraryItem } from '../../shared/ipc/index.ts';
import { chromiumMissing, launchChromium, startStudioHost, type StudioHost } from '../e2e/support/index.ts';
import { StudioApp } from '../e2e/studio/pages/StudioApp.ts';

const CHARACTER = 'Leak Probe Ada';

let studio: StudioHost;
let browser: Browser;
let app: StudioApp;
let apiKey = '';
let imageItem: LibraryItem | null = null;

/** The key and the parts of it that must never show: the whole, and everything past the masked prefix. */
function needles(key: string): string[] {
  const secret = key.slice(12);
  return [key, secret, secret.slice(0, 24), secret.slice(-24), Buffer.from(key).toString('base64').slice(0, 40)];
}

function findIn(text: string | Buffer, key: string): string[] {
  const haystack = typeof text === 'string' ? text : text.toString('latin1');
  const utf16 = typeof text === 'string' ? '' : text.toString('utf16le');
  return needles(key).filter((n) => haystack.includes(n) || utf16.includes(n));
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

async function invoke<T>(command: string, input: unknown): Promise<T> {
  const reply = await studio.host.core.router.handle(command, input);
  if (!reply.ok) throw new Error(`${command}: ${JSON.stringify(reply.error)}`);
  return reply.value as T;
}

async function settled(job: Job): Promise<Job> {
  for (let i = 0; i < 300; i += 1) {
    const { jobs } = await invoke<{ jobs: Job[] }>('jobs.list', {});
    const now = jobs.find((j) => j.id === job.id);
    if (now && (now.state === 'done' || now.state === 'failed')) return now;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${job.title.subject} did not settle`);
}

describe.skipIf(chromiumMissing() !== null)('leaks: the API key stays in the keychain, and media stay in the library', () => {
  beforeAll(async () => {
    studio = await startStudioHost({ core: 'in-thread' });
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.host.launchUrl(), { theme: 'light', viewport: { width: 1280, height: 800 } });
    await app.startInSandbox();
    apiKey = studio.host.sandbox()?.api_key ?? '';
    expect(apiKey).toMatch(/^sk_live_[0-9a-f]{64}$/);

    // The journey: a character, an image of it, speech; the renderer hears every event meanwhile.
    const character = await settled(
      await invoke<Job>('characters.create', {
        body: { name: CHARACTER, parameters: { creationType: 'human', mood: 'curious' } },
        quoteId: null,
      }),
    );
    expect(character.state).toBe('done');
    const image = await settled(
      await invoke<Job>('generations.create', {
        body: { character_id: character.resourceId, type: 'image', prompt: 'in a reading room' },
        quoteId: null,
      }),
    );
    expect(image.state).toBe('done');
    const { presets } = await invoke<{ presets: { id: string }[] }>('voices.list', {});
    const speech = await settled(
      await invoke<Job>('audio.create', { body: { voice_id: presets[0]!.id, text: 'Nothing to see here.' }, quoteId: null }),
    );
    expect(speech.state).toBe('done');
    // Media downloaded into the library, and the screens that show keys, profiles and media drawn.
    await studio.host.core.session()?.downloader.idle(60_000);
    const { items } = await invoke<{ items: LibraryItem[] }>('library.query', { filter: { kinds: ['image'] }, offset: 0, limit: 10 });
    imageItem = items[0] ?? null;
    await invoke('profiles.test', { id: 'sandbox' }).catch(() => undefined);
    for (const screen of ['settings', 'gallery', 'voices', 'credits', 'queue', 'studio'] as const) {
      await app.go(screen).catch(() => undefined);
    }
    await app.page
      .getByText(CHARACTER)
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => undefined);
  }, 180_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  it("the key's text is in no file under the user data folder: preferences, library database and WAL, logs, media", () => {
    const files = filesUnder(studio.userDataDir);
    const sandboxData = files.filter((f) => relative(studio.userDataDir, f).split(/[\\/]/)[0] === 'sandbox');
    const found: string[] = [];
    for (const file of files) {
      if (sandboxData.includes(file)) continue;
      const hits = findIn(readFileSync(file), apiKey);
      if (hits.length) found.push(`${relative(studio.userDataDir, file)} (${statSync(file).size} bytes)`);
    }
    const checked = files.length - sandboxData.length;
    const inService = sandboxData.filter((f) => findIn(readFileSync(f), apiKey).length > 0).map((f) => relative(studio.userDataDir, f));
    if (inService.length) console.log(`leaks: (informational) the embedded sandbox's own files hold the key: ${inService.join(', ')}`);
    console.log(
      `leaks: searched ${checked} files of the app's user data (${sandboxData.length} more belong to the embedded sandbox, the service itself)`,
    );
    expect(
      files.some((f) => f.endsWith('preferences.json')),
      'the preferences file was searched',
    ).toBe(true);
    expect(
      files.some((f) => /library\.db$/.test(f)),
      'the library database was searched',
    ).toBe(true);
    expect(
      files.some((f) => /\.log$/.test(f)),
      'a log was searched',
    ).toBe(true);
    expect(found).toEqual([]);
  });

  it("the key's text is not in the renderer's DOM, storage or the bridge messages it received", async () => {
    const dom = await app.page.content();
    expect(dom, 'the probe character is on screen (the search is not vacuous)').toContain(CHARACTER);
    expect(findIn(dom, apiKey)).toEqual([]);
    const storage = JSON.stringify(await app.page.context().storageState());
    expect(findIn(storage, apiKey)).toEqual([]);
    const session = await app.page.evaluate(
      () => JSON.stringify({ ...window.sessionStorage }) + JSON.stringify({ ...window.localStorage }),
    );
    expect(findIn(session, apiKey)).toEqual([]);
    const wire = JSON.stringify(app.received);
    expect(wire).toContain(CHARACTER);
    expect(findIn(wire, apiKey)).toEqual([]);
  });

  it("the key's text is not in a heap snapshot of the renderer", async () => {
    const cdp = await app.page.context().newCDPSession(app.page);
    const chunks: string[] = [];
    cdp.on('HeapProfiler.addHeapSnapshotChunk', (event: { chunk: string }) => chunks.push(event.chunk));
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    await cdp.detach();
    const snapshot = chunks.join('');
    console.log(`leaks: renderer heap snapshot of ${(snapshot.length / 1_048_576).toFixed(1)} MB searched`);
    expect(snapshot, 'the probe character is in the heap (the search is not vacuous)').toContain(CHARACTER);
    expect(findIn(snapshot, apiKey)).toEqual([]);
  }, 120_000);

  it('the media route refuses every path outside the library: ../, encoded, absolute', async () => {
    const origin = studio.host.origin;
    const request = app.page.context().request;
    // A positive control: the library's own image is served to this page.
    expect(imageItem?.mediaId, 'the journey made an image with a media id').toBeTruthy();
    const mediaId = imageItem!.mediaId!;
    const own = await request.get(`${studio.host.mediaBase}${mediaId}`);
    expect(own.status()).toBe(200);
    // Without the media key even the library's own file is refused.
    expect((await request.get(`${origin}/media/${mediaId}`, { failOnStatusCode: false })).status()).toBe(403);
    const hostile = [
      '../preferences.json',
      '..%2fpreferences.json',
      '%2e%2e%2fpreferences.json',
      '%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '..%5c..%5cpreferences.json',
      '%252e%252e%252fpreferences.json',
      '....//....//etc/passwd',
      '/etc/passwd',
      '%2fetc%2fpasswd',
      'C:%5cWindows%5cwin.ini',
      'file:%2f%2f%2fetc%2fpasswd',
      `${mediaId}/../../preferences.json`,
      `${mediaId}%00.png`,
      `${mediaId.slice(0, 2)}/${mediaId}`,
      'profiles/sandbox/library.db',
      '.partial',
      '%2e%2e',
    ];
    // The client normalizes some spellings (`/media/%2e%2e` is `/`): those reach the renderer's page.
    const page = await (await request.get(`${origin}/`)).body();
    const preferences = readFileSync(join(studio.userDataDir, 'preferences.json'));
    const served: string[] = [];
    // Each hostile path is tried after the media key (the strongest position a page can be in) and in its place.
    for (const path of hostile.flatMap((each) => [`${studio.host.mediaBase}${each}`, `${origin}/media/${each}`])) {
      const answer = await request.get(path, { failOnStatusCode: false, maxRedirects: 0 });
      const body = await answer.body();
      const leaked = body.includes(Buffer.from('root:x:0')) || body.includes(preferences) || body.includes(Buffer.from('SQLite format'));
      if ((answer.status() < 400 && !body.equals(page)) || leaked) served.push(`${path} → ${answer.status()} (${body.length} bytes)`);
    }
    expect(served).toEqual([]);
    // The resolver itself takes content ids only.
    for (const path of hostile) expect(await studio.host.core.resolveMedia(decodeURIComponent(path.replace(/%25/g, '%'))), path).toBeNull();
  });

  it('the media route refuses a media file or folder that is a symlink to outside the library', async () => {
    const id = imageItem!.mediaId!;
    const resolved = await studio.host.core.resolveMedia(id);
    expect(resolved).not.toBeNull();
    const file = resolved!.path;
    const size = statSync(file).size;
    // Outside the library: a secret of exactly the indexed size, so a size check cannot save the day.
    const outside = mkdtempSync(join(tmpdir(), 'cast-outside-'));
    const secret = Buffer.alloc(size, 0x53);
    secret.write('OUTSIDE-THE-LIBRARY');
    writeFileSync(join(outside, id), secret);
    const request = app.page.context().request;
    const problems: string[] = [];
    const saved = `${file}.saved`;
    try {
      // 1. The media file itself is a symlink.
      renameSync(file, saved);
      symlinkSync(join(outside, id), file);
      const a = await request.get(`${studio.host.mediaBase}${id}`, { failOnStatusCode: false });
      if ((await a.body()).includes(Buffer.from('OUTSIDE-THE-LIBRARY'))) problems.push(`a symlinked media file was served (${a.status()})`);
      rmSync(file);
      renameSync(saved, file);
      // 2. The shard folder holding it is a symlink.
      const shard = join(file, '..');
      const shardSaved = `${shard}.saved`;
      renameSync(shard, shardSaved);
      symlinkSync(outside, shard);
      const b = await request.get(`${studio.host.mediaBase}${id}`, { failOnStatusCode: false });
      if ((await b.body()).includes(Buffer.from('OUTSIDE-THE-LIBRARY')))
        problems.push(`a media file in a symlinked folder was served (${b.status()})`);
      rmSync(shard);
      renameSync(shardSaved, shard);
    } finally {
      if (existsSync(saved)) {
        rmSync(file, { force: true });
        renameSync(saved, file);
      }
      rmSync(outside, { recursive: true, force: true });
    }
    expect(problems).toEqual([]);
    // And the library is whole again.
    expect((await request.get(`${studio.host.mediaBase}${id}`)).status()).toBe(200);
  });
});
