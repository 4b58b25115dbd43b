import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LibraryExports, type ExportProgress, type ExportSource } from '../../../../../electron/core/library/libraryExports.ts';
import { coreOnService, ok, startRemoteService, type Cleanups } from '../support/remoteCore.ts';
import { tempDir } from '../support/tempDir.ts';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const MiB = 1024 * 1024;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Media files on disk, as the store keeps them, and a source lookup over them. */
function mediaFiles(sizes: number[]): { sources: Map<string, ExportSource>; bytes: Map<string, Buffer> } {
  const dir = tempDir('cast-media-');
  const sources = new Map<string, ExportSource>();
  const bytes = new Map<string, Buffer>();
  sizes.forEach((size, index) => {
    const id = `item-${index}`;
    const content = randomBytes(size);
    const path = join(dir, `content-${index}`);
    writeFileSync(path, content);
    sources.set(id, { name: `image-item-${index}.png`, path, size });
    bytes.set(`image-item-${index}.png`, content);
  });
  return { sources, bytes };
}

function exporter(userDataDir = tempDir('cast-data-')) {
  const events: ExportProgress[] = [];
  const exports = new LibraryExports({ userDataDir, emit: (progress) => events.push(progress) });
  return { exports, events, userDataDir };
}

describe('library export', () => {
  it('copies every file whole, following it with progress events up to done', async () => {
    const { sources, bytes } = mediaFiles([3 * MiB, 10, 2 * MiB]);
    const { exports, events } = exporter();
    const destination = join(tempDir('cast-out-'), 'Pier series');
    const result = await exports.run(
      { exportId: 'e1', ids: ['item-0', 'missing', 'item-1', 'item-2'], destination, source: (id) => sources.get(id) ?? null },
      0,
    );

    expect(result).toEqual({ exported: 3, folder: destination, cancelled: false });
    expect(readdirSync(destination).sort()).toEqual([...bytes.keys()].sort());
    for (const [name, content] of bytes) expect(sha(readFileSync(join(destination, name)))).toBe(sha(content));
    expect(events.every((e) => e.exportId === 'e1' && e.folder === destination && e.total === 3 && e.totalBytes === 5 * MiB + 10)).toBe(
      true,
    );
    expect(events.at(-1)).toMatchObject({ state: 'done', exported: 3, bytes: 5 * MiB + 10 });
    // Progress inside a file, not only between files.
    expect(events.some((e) => e.state === 'running' && e.exported === 0 && e.bytes >= MiB)).toBe(true);
    const seen = events.map((e) => e.bytes);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('cancelled midway, keeps the files already whole and leaves no partial file', async () => {
    const { sources, bytes } = mediaFiles([1 * MiB, 24 * MiB, 4 * MiB]);
    const { exports, events } = exporter();
    const destination = tempDir('cast-out-');
    let cancelledAt: number | null = null;
    const midway = new LibraryExports({
      userDataDir: tempDir('cast-data-'),
      emit: (progress) => {
        events.push(progress);
        // In the middle of the second, larger file.
        if (cancelledAt === null && progress.exported === 1 && progress.bytes > 2 * MiB) {
          cancelledAt = progress.bytes;
          expect(midway.cancel('e2')).toBe(true);
        }
      },
    });
    const result = await midway.run(
      { exportId: 'e2', ids: ['item-0', 'item-1', 'item-2'], destination, source: (id) => sources.get(id) ?? null },
      0,
    );

    expect(cancelledAt).not.toBeNull();
    expect(result).toEqual({ exported: 1, folder: destination, cancelled: true });
    expect(readdirSync(destination)).toEqual(['image-item-0.png']);
    expect(sha(readFileSync(join(destination, 'image-item-0.png')))).toBe(sha(bytes.get('image-item-0.png') as Buffer));
    expect(events.at(-1)).toMatchObject({ state: 'cancelled', exported: 1, total: 3, problem: null });
    expect(exports.cancel('e2')).toBe(false);
  });

  it('refuses a destination inside its own data folder, even through a symlink, with a sentence', async () => {
    const { sources } = mediaFiles([10]);
    const { exports, events, userDataDir } = exporter();
    mkdirSync(join(userDataDir, 'media'), { recursive: true });
    const outside = tempDir('cast-out-');
    symlinkSync(join(userDataDir, 'media'), join(outside, 'looks-outside'));
    for (const destination of [
      userDataDir,
      join(userDataDir, 'media', 'ab'),
      join(userDataDir, 'profiles', 'new-folder'),
      join(outside, 'looks-outside', 'deeper'),
    ]) {
      await expect(exports.run({ ids: ['item-0'], destination, source: (id) => sources.get(id) ?? null }, 0)).rejects.toMatchObject({
        code: 'export_inside_data_folder',
        params: { folder: userDataDir },
      });
    }
    expect(readdirSync(join(userDataDir, 'media'))).toEqual([]);
    expect(events).toEqual([]);
    // Its own exports folder is where the browser host exports by default, and stays allowed.
    const result = await exports.run(
      { ids: ['item-0'], destination: join(userDataDir, 'exports', 'mine'), source: (id) => sources.get(id) ?? null },
      0,
    );
    expect(result.exported).toBe(1);
  });

  it('says so in a sentence when the folder cannot be written', async () => {
    const { sources } = mediaFiles([10]);
    const { exports, events } = exporter();
    const file = join(tempDir('cast-out-'), 'a-file');
    writeFileSync(file, 'not a folder');
    await expect(
      exports.run({ ids: ['item-0'], destination: join(file, 'inside'), source: (id) => sources.get(id) ?? null }, 0),
    ).rejects.toMatchObject({
      code: 'export_failed',
      params: { folder: join(file, 'inside'), step: 'create' },
    });
    expect(events.at(-1)).toMatchObject({ state: 'failed' });
  });
});

describe('library.export through core', () => {
  it('refuses the data folder, runs as an export that can be followed and cancelled by id', async () => {
    const core = await coreOnService(await startRemoteService(() => undefined, { balance: 10, cleanups }), cleanups);
    // The media store sits at <data folder>/media/<profile>.
    const userDataDir = dirname(dirname(core.session()?.media.root ?? ''));
    const inside = await core.router.handle('library.export', {
      ids: ['00000000-0000-4000-8000-000000000001'],
      destination: join(userDataDir, 'profiles'),
    });
    expect(inside).toMatchObject({ ok: false, error: { code: 'export_inside_data_folder', field: 'destination' } });

    const events: unknown[] = [];
    core.router.subscribe((event, payload) => {
      if (event === 'export.progress') events.push(payload);
    });
    const destination = tempDir('cast-out-');
    const result = await ok(core, 'library.export', { ids: ['00000000-0000-4000-8000-000000000001'], destination, exportId: 'bulk-1' });
    expect(result).toEqual({ exported: 0, folder: destination, cancelled: false });
    expect(events.at(-1)).toMatchObject({ exportId: 'bulk-1', state: 'done', total: 0 });
    expect(await ok(core, 'library.cancelExport', { exportId: 'bulk-1' })).toEqual({ cancelled: false });
  });
});
