import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryItem } from '../../../shared/ipc/index.ts';
import { startStudioHost, type StudioHost } from '../../e2e/support/index.ts';

/** A GET of `url` on the host, as the page's <img> makes it: the status and the body's bytes. */
function get(url: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const asked = request(url, { headers: { 'sec-fetch-site': 'same-origin' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    asked.on('error', reject);
    asked.end();
  });
}

/**
 * Core in its worker thread, held busy (as a long query or a sync page holds it): the library's
 * pictures are still served at once, from the active library's media folder, by the browser host's
 * own thread. What is not in that folder is core's to answer, after its work. A real sandbox (fast
 * mode), real HTTP, the real worker.
 */
describe('library media while core is busy', () => {
  let studio: StudioHost;
  let item: LibraryItem;
  const marker = join(tmpdir(), `cast-hold-${process.pid}-${Date.now()}`);

  beforeAll(async () => {
    // Its own sandbox (not core's embedded one, which a switch to another library stops), so both libraries reach it.
    studio = await startStudioHost({ keychain: 'memory', sandbox: 'own', probe: new URL('./holdProbe.ts', import.meta.url).href });
    await studio.call('connection.completeOnboarding', {});
    item = await studio.generate(await studio.createCharacter('Mira'), 'image', 'Mira on the rooftop at dusk');
  });
  afterAll(async () => {
    rmSync(marker, { force: true });
    await studio?.stop();
  });

  /** Holds core's thread for `ms`; resolves once the hold has begun, with whether it has ended yet. */
  async function holdCore(ms: number): Promise<{ released: () => boolean; done: Promise<unknown> }> {
    rmSync(marker, { force: true });
    let released = false;
    const done = studio.host.core.probe('hold', { ms, marker }).then(() => (released = true));
    await studio.until('core’s thread to be held', () => (existsSync(marker) ? true : null), 10_000);
    return { released: () => released, done };
  }

  /** Asks for the media of `mediaId` with core's thread held: it must come whole before core is let go. */
  async function expectServedWhileHeld(mediaId: string | null): Promise<void> {
    if (!mediaId) throw new Error('The generated image has no media.');
    const hold = await holdCore(5_000);
    const response = await get(studio.host.mediaBase + mediaId);
    // Served while core was still held: through core, it would have waited the whole hold.
    expect(hold.released()).toBe(false);
    expect(response.status).toBe(200);
    expect(createHash('sha256').update(response.body).digest('hex')).toBe(mediaId);
    await hold.done;
  }

  it('serves a picture of the library while core’s thread is held', async () => {
    await expectServedWhileHeld(item.mediaId);
  });

  it('serves from the library switched to, with core held', async () => {
    // The second library's connection names the sandbox's own CDN: media come only from a connection's CDN origin.
    const ready = studio.sandboxDirect();
    const other = await studio.call('profiles.add', {
      name: 'Second library',
      baseUrl: ready.base_url,
      cdnUrl: ready.cdn_url,
      caPem: readFileSync(ready.ca_cert, 'utf8'),
      apiKey: ready.api_key,
    });
    await studio.call('profiles.activate', { id: other.id });
    // A picture made in the second library: its file is in that library's folder and in no other.
    const made = await studio.generate(await studio.createCharacter('Jonas'), 'image', 'Jonas by the harbor at noon');
    const mediaId = made.mediaId;
    if (!mediaId) throw new Error('The generated image has no media.');
    expect(existsSync(join(studio.userDataDir, 'media', 'sandbox', mediaId.slice(0, 2), mediaId))).toBe(false);
    await expectServedWhileHeld(mediaId);
  });

  it('leaves to core what is not in the folder, answered once core is free', async () => {
    const hold = await holdCore(1_000);
    const response = await get(studio.host.mediaBase + 'c'.repeat(64));
    expect(hold.released()).toBe(true);
    expect(response.status).toBe(404);
    await hold.done;
  });
});
