import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../../../electron/core/createCore.ts';
import { FilePreferences } from '../../../../../electron/core/preferences/preferences.ts';
import { MemoryKeychain } from '../../../../support/memoryKeychain.ts';
import { headlessCoreDeps } from '../../../../support/coreDeps.ts';
import { tempDir } from '../support/tempDir.ts';
import { ok } from '../support/remoteCore.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A keychain that reads but refuses every write, as a locked or broken OS keychain does. */
class RefusingKeychain extends MemoryKeychain {
  override async set(): Promise<void> {
    throw new Error('The keyring is locked.');
  }
}

const INPUT = {
  name: 'Studio account',
  baseUrl: 'https://api.example.test',
  cdnUrl: 'https://cdn.example.test',
  apiKey: `sk_live_${'5c'.repeat(32)}`,
};

/** A keychain that keeps keys but refuses to delete them, as a locked OS keychain does. */
class KeepingKeychain extends MemoryKeychain {
  override async delete(): Promise<void> {
    throw new Error('The keyring is locked.');
  }
}

describe('profiles.add is all or nothing', () => {
  it('keeps no profile whose key could not be stored, here or after a restart', async () => {
    const dir = tempDir();
    const core = await createCore(headlessCoreDeps(dir, { keychain: new RefusingKeychain() }));
    cleanups.push(() => core.stop());
    const before = await ok<{ id: string }[]>(core, 'profiles.list', {});

    const reply = await core.router.handle('profiles.add', INPUT);
    expect(reply).toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } });
    if (!reply.ok) expect(reply.error).toEqual({ code: 'keychain_unavailable', params: { when: 'save' } });

    expect(await ok<{ id: string }[]>(core, 'profiles.list', {})).toEqual(before);
    // What preferences hold on disk is what the next start sees.
    const stored = new FilePreferences({ cwd: dir }).get<{ name: string }[]>('profiles', []);
    expect(stored.map((p) => p.name)).not.toContain(INPUT.name);
  });

  it('keeps the profile and its key when the keychain takes it', async () => {
    const keychain = new MemoryKeychain();
    const core = await createCore(headlessCoreDeps(tempDir(), { keychain }));
    cleanups.push(() => core.stop());
    const profile = await ok<{ id: string; keyState: string }>(core, 'profiles.add', INPUT);
    expect(profile.keyState).toBe('unverified');
    expect(keychain.entries.get(profile.id)).toBe(INPUT.apiKey);
    expect((await ok<{ id: string }[]>(core, 'profiles.list', {})).map((p) => p.id)).toContain(profile.id);
  });

  it('says the keychain could not delete a key, and keeps the key it still holds', async () => {
    const keychain = new KeepingKeychain();
    const core = await createCore(headlessCoreDeps(tempDir(), { keychain }));
    cleanups.push(() => core.stop());
    const profile = await ok<{ id: string }>(core, 'profiles.add', INPUT);

    const reply = await core.router.handle('profiles.removeKey', { id: profile.id });
    expect(reply).toEqual({ ok: false, error: { code: 'keychain_unavailable', params: { when: 'delete' } } });
    expect(keychain.entries.get(profile.id)).toBe(INPUT.apiKey);
    const listed = await ok<{ id: string; keyState: string }[]>(core, 'profiles.list', {});
    expect(listed.find((p) => p.id === profile.id)?.keyState).toBe('unverified');
  });
});
