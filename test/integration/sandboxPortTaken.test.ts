import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import type { Job, LibraryItem } from '../../shared/ipc/index.ts';
import type { Core } from '../../electron/core/createCore.ts';
import { childProcessSandbox } from '../../electron/web/sandboxProcess.ts';
import { CaptureLog } from '../unit/electron/core/support/captureLog.ts';
import { startCore, type Harness } from './support/coreHarness.ts';
import { characterMade, downloadedImage } from './support/downloadedImage.ts';
import { hasSecretService, testKeychain } from './support/keychainForTests.ts';

const keychain = testKeychain();
const running: Harness[] = [];
const listeners: Server[] = [];
afterAll(async () => {
  for (const h of running) await h.stop().catch(() => undefined);
  for (const l of listeners) await new Promise((done) => l.close(done));
  await keychain.delete('sandbox').catch(() => {});
});

/**
 * Core with the embedded sandbox as the shells launch it: a child process with `--remember-port`,
 * its data in the user data folder, supervised by core.
 */
function startWithEmbeddedSandbox(userDataDir?: string, beforeLaunch?: (launch: number) => Promise<void>): Promise<Harness> {
  const launcher = childProcessSandbox({ speed: 'fast', log: new CaptureLog() });
  let launches = 0;
  const launchSandbox: typeof launcher = async (request) => {
    launches += 1;
    await beforeLaunch?.(launches);
    return launcher(request);
  };
  return startCore({ keychain, ...(userDataDir ? { userDataDir } : {}), deps: { launchSandbox } });
}

/** Another program that took the port: a plain listener on loopback. */
async function occupy(port: number): Promise<Server> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok());
  });
  listeners.push(server);
  return server;
}

function portOf(core: Core): number {
  return Number(new URL(core.session()!.api.http.baseUrl).port);
}

/** The file of a content id in core's store, and whether its bytes hash to that id. */
function storedIntact(core: Core, contentId: string): boolean {
  const found = core.resolveMedia(contentId);
  if (!found) return false;
  return createHash('sha256').update(readFileSync(found.path)).digest('hex') === contentId;
}

describe.skipIf(!hasSecretService)('the embedded sandbox’s port taken by another program', () => {
  it('takes another port; its stored CDN addresses, core’s connection and every waiting download follow, and new work completes', async () => {
    const first = await startWithEmbeddedSandbox();
    running.push(first);
    const { userDataDir } = first;
    const { characterId, generationId, item: before } = await downloadedImage(first, 'Ines', 'a lantern by the sea');
    expect(before.downloaded).toBe(true);
    const oldPort = portOf(first.core);
    expect(Number(readFileSync(join(userDataDir, 'sandbox', 'port'), 'utf8'))).toBe(oldPort);

    // A job waiting in the queue when the app closes goes out after the next start.
    await first.invoke('jobs.pause', {});
    const waiting = (await first.invoke('generations.create', {
      body: { character_id: characterId, type: 'image', prompt: 'a kite over dunes' },
      quoteId: null,
    })) as Job;
    expect(waiting.state).toBe('paused');
    const mediaDir = first.core.session()!.media.root;
    const libraryFile = first.core.session()!.library.path;
    await first.stop();
    running.splice(running.indexOf(first), 1);

    // Closed in the middle of downloading: the rows wait, no file of them is in place.
    const db = new DatabaseSync(libraryFile);
    db.prepare("UPDATE downloads SET state = 'pending', content_id = NULL, received = 0, attempts = 0 WHERE owner_id = ?").run(
      generationId,
    );
    db.prepare('UPDATE library_items SET media_id = NULL, thumb_id = NULL, media_type = NULL WHERE id = ?').run(generationId);
    db.close();
    for (const id of [before.mediaId, before.thumbId]) rmSync(join(mediaDir, id!.slice(0, 2), id!), { force: true });

    // Meanwhile another program listens on the sandbox's port.
    await occupy(oldPort);

    const second = await startWithEmbeddedSandbox(userDataDir);
    running.push(second);
    const newPort = portOf(second.core);
    expect(newPort).not.toBe(oldPort);
    // From the first moment, not only once a history sync has read the records again.
    expect(new URL(((await second.invoke('library.get', { id: generationId })) as LibraryItem).remoteUrl!).port).toBe(String(newPort));
    expect(Number(readFileSync(join(userDataDir, 'sandbox', 'port'), 'utf8'))).toBe(newPort);
    const connection = (await second.invoke('connection.get', {})) as { online: boolean; profile: { baseUrl: string; cdnUrl: string } };
    expect(connection.profile.baseUrl).toBe(`https://127.0.0.1:${newPort}`);
    expect(connection.profile.cdnUrl).toBe(`https://127.0.0.1:${newPort}/cdn`);

    // The sandbox's own records name its CDN at the new port, never the old one.
    const sandboxDb = new DatabaseSync(join(userDataDir, 'sandbox', 'sandbox.db'), { readOnly: true });
    const outputs = sandboxDb.prepare('SELECT output_url, thumbnail_url FROM generations WHERE id = ?').get(generationId) as {
      output_url: string;
      thumbnail_url: string;
    };
    const stale = sandboxDb
      .prepare('SELECT COUNT(*) AS n FROM generations WHERE instr(output_url, ?) > 0 OR instr(thumbnail_url, ?) > 0')
      .get(`:${oldPort}/`, `:${oldPort}/`) as { n: number };
    sandboxDb.close();
    expect(outputs.output_url.startsWith(`https://127.0.0.1:${newPort}/cdn/`)).toBe(true);
    expect(outputs.thumbnail_url.startsWith(`https://127.0.0.1:${newPort}/cdn/`)).toBe(true);
    expect(stale.n).toBe(0);

    // The downloads that were waiting come from the new address.
    await second.waitFor(
      'library.updated',
      (u) => u.items.some((i) => i.id === generationId && i.downloaded && i.thumbId !== null),
      60_000,
    );
    await second.core.session()!.downloader.idle(60_000);
    const back = (await second.invoke('library.get', { id: generationId })) as LibraryItem;
    expect(back.mediaId).toBe(before.mediaId);
    expect(back.thumbId).toBe(before.thumbId);

    // The job that waited in the queue, and a new one, complete with their media.
    await second.invoke('jobs.resume', {});
    // The new job takes the first image as its reference by the address the library gives for it
    // ("Use as reference"): the sandbox accepts it only when it names its CDN as it is now.
    const fresh = (await second.invoke('generations.create', {
      body: { character_id: characterId, type: 'image', prompt: 'a lamp in snow', options: { reference_images: [back.remoteUrl!] } },
      quoteId: null,
    })) as Job;
    const finished = await Promise.all(
      [waiting, fresh].map((job) => second.waitFor('job.updated', (j) => j.id === job.id && ['done', 'failed'].includes(j.state), 60_000)),
    );
    expect(finished.map((job) => job.error)).toEqual([null, null]);
    await second.core.session()!.downloader.idle(60_000);
    const items = [
      back,
      ...(await Promise.all(finished.map((job) => second.invoke('library.get', { id: job.resourceId! }) as Promise<LibraryItem>))),
    ];
    for (const item of items) {
      expect(item.downloaded).toBe(true);
      // What a tile shows and what opens: files in the store, whole.
      expect(storedIntact(second.core, item.mediaId!)).toBe(true);
      expect(storedIntact(second.core, item.thumbId!)).toBe(true);
      // The service's own address of the item (what "use as reference" sends) answers at the new port.
      expect(new URL(item.remoteUrl!).port).toBe(String(newPort));
      const remote = new URL(item.remoteUrl!);
      const answer = await second.core
        .session()!
        .dispatcher.request({ origin: remote.origin, path: `${remote.pathname}${remote.search}`, method: 'GET' });
      const bytes = Buffer.from(await answer.body.arrayBuffer());
      expect(answer.statusCode).toBe(200);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(item.mediaId);
    }
    expect(await second.invoke('library.check', {})).toEqual({ missing: 0, orphans: 0, refetched: 0, removed: 0, pending: 0, failed: 0 });
  }, 240_000);

  it('reopens the connection at the new port when the sandbox died and its port was taken before it came back, and finishes the queue', async () => {
    let launches = 0;
    let takenPort = 0;
    const harness = await startWithEmbeddedSandbox(undefined, async (launch) => {
      launches = launch;
      // Between the crash and the restart another program takes the port.
      if (launch === 2) await occupy(takenPort);
    });
    running.push(harness);
    const characterId = await characterMade(harness, 'Noor');
    takenPort = portOf(harness.core);

    await harness.invoke('jobs.pause', {});
    const waiting = (await harness.invoke('generations.create', {
      body: { character_id: characterId, type: 'image', prompt: 'a kite over dunes' },
      quoteId: null,
    })) as Job;
    const pid = harness.core.sandboxPid()!;
    let restarting = false;
    const backOnline = harness.waitFor(
      'connection.changed',
      (c) => {
        restarting ||= c.status === 'sandbox_restarting';
        return restarting && c.status === 'online' && c.online;
      },
      60_000,
    );
    process.kill(pid, 'SIGKILL');
    await harness.waitFor('connection.changed', (c) => c.status === 'sandbox_restarting', 30_000);
    await harness.invoke('jobs.resume', {});
    await backOnline;

    const newPort = portOf(harness.core);
    expect(newPort).not.toBe(takenPort);
    // Started once again, on another port: not stopped and started a third time to reopen the connection.
    expect(launches).toBe(2);
    expect(harness.core.sandboxPid()).not.toBe(pid);
    const connection = (await harness.invoke('connection.get', {})) as { online: boolean; profile: { baseUrl: string; cdnUrl: string } };
    expect(connection.profile.cdnUrl).toBe(`https://127.0.0.1:${newPort}/cdn`);

    const fresh = (await harness.invoke('generations.create', {
      body: { character_id: characterId, type: 'image', prompt: 'a lamp in snow' },
      quoteId: null,
    })) as Job;
    const finished = await Promise.all(
      [waiting, fresh].map((job) => harness.waitFor('job.updated', (j) => j.id === job.id && j.state === 'done', 60_000)),
    );
    await harness.core.session()!.downloader.idle(60_000);
    for (const job of finished) {
      const item = (await harness.invoke('library.get', { id: job.resourceId! })) as LibraryItem;
      expect(item.downloaded).toBe(true);
      expect(storedIntact(harness.core, item.mediaId!)).toBe(true);
      expect(new URL(item.remoteUrl!).port).toBe(String(newPort));
    }
    const portrait = (await harness.invoke('characters.get', { id: characterId })) as { headshotMediaId: string | null };
    expect(storedIntact(harness.core, portrait.headshotMediaId!)).toBe(true);
    expect(await harness.invoke('library.check', {})).toEqual({ missing: 0, orphans: 0, refetched: 0, removed: 0, pending: 0, failed: 0 });
  }, 240_000);
});
