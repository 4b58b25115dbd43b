import { lstatSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/ipc/index.ts';
import { startCore, type Harness } from './support/coreHarness.ts';
import { hasSecretService, testKeychain } from './support/keychainForTests.ts';

const keychain = testKeychain();
let h: Harness | null = null;
afterAll(async () => {
  await h?.stop();
  await keychain.delete('sandbox').catch(() => {});
});

/** Every folder and file under `root` with its permission bits, by path relative to `root`. */
function modes(root: string): { dirs: Map<string, number>; files: Map<string, number> } {
  const dirs = new Map<string, number>([['.', lstatSync(root).mode & 0o777]]);
  const files = new Map<string, number>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const mode = lstatSync(path).mode & 0o777;
      if (entry.isDirectory()) {
        dirs.set(relative(root, path), mode);
        walk(path);
      } else if (entry.isFile()) files.set(relative(root, path), mode);
    }
  };
  walk(root);
  return { dirs, files };
}

describe.skipIf(!hasSecretService || process.platform === 'win32')('the data folder', () => {
  it('is the user’s alone after a real start and a download: folders 0700, files 0600', async () => {
    h = await startCore({ keychain });
    const character = (await h.invoke('characters.create', { body: { name: 'Private', parameters: {} }, quoteId: null })) as Job;
    const made = await h.waitFor('job.updated', (j) => j.id === character.id && (j.state === 'done' || j.state === 'failed'));
    expect(made.state).toBe('done');
    const image = (await h.invoke('generations.create', {
      body: { character_id: made.resourceId!, type: 'image', prompt: 'kept private' },
      quoteId: null,
    })) as Job;
    expect((await h.waitFor('job.updated', (j) => j.id === image.id && (j.state === 'done' || j.state === 'failed'))).state).toBe('done');
    const session = h.core.session()!;
    await session.downloader.idle();
    expect(session.media.scan().contentIds.length).toBeGreaterThan(0);

    const { dirs, files } = modes(h.userDataDir);
    // What the brief names, present: the library, media files, the log, preferences and the sandbox's data.
    const names = [...files.keys()];
    expect(names).toContain(join('profiles', 'sandbox', 'library.db'));
    expect(names.some((n) => n.startsWith(join('media', 'sandbox')) && /[0-9a-f]{64}$/.test(n))).toBe(true);
    expect(names).toContain(join('logs', 'core.log'));
    expect(names).toContain(relative(h.userDataDir, h.prefs.path));
    expect(names.some((n) => n.startsWith(`sandbox${'/'}`))).toBe(true);

    expect([...dirs].filter(([, mode]) => mode !== 0o700).map(([path, mode]) => `${path} ${mode.toString(8)}`)).toEqual([]);
    expect([...files].filter(([, mode]) => mode !== 0o600).map(([path, mode]) => `${path} ${mode.toString(8)}`)).toEqual([]);
  });
});
