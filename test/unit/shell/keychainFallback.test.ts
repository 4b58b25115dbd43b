import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../electron/core/log/logger.ts';
import type { Keychain } from '../../../electron/core/secrets/keychain.ts';
import { KeychainWithFallback, WEAK_STORAGE_WARNING, type SafeStorageLike } from '../../../electron/main/keychainFallback.ts';

/** A keytar whose keychain answers, or one that cannot reach any (Linux without a Secret Service). */
function keytar(reachable: boolean): Keychain & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  const guard = () => {
    if (!reachable) throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
  };
  return {
    entries,
    get: async (account) => (guard(), entries.get(account) ?? null),
    set: async (account, secret) => void (guard(), entries.set(account, secret)),
    delete: async (account) => void (guard(), entries.delete(account)),
    describe: () => 'API keys are kept in the Secret Service keyring.',
  };
}

/** safeStorage with a toy cipher, so a test can tell stored bytes from the secret. */
function safeStorage(backend: string): SafeStorageLike {
  return {
    isEncryptionAvailable: () => true,
    encryptString: (text) => Buffer.from([...Buffer.from(text)].map((b) => b ^ 0x5a)),
    decryptString: (bytes) => Buffer.from([...bytes].map((b) => b ^ 0x5a)).toString(),
    getSelectedStorageBackend: () => backend,
  };
}

describe('the Electron keychain: keytar first, safeStorage where no keychain is reachable', () => {
  let dir: string;
  let asked: string[];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cast-keys-'));
    asked = [];
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const make = (reachable: boolean, backend: string, consent: boolean) => {
    const inner = keytar(reachable);
    const keychain = new KeychainWithFallback({
      keytar: inner,
      safeStorage: safeStorage(backend),
      file: join(dir, 'secrets.json'),
      log: silentLogger,
      askConsentToWeakStorage: async (message) => (asked.push(message), consent),
    });
    return { inner, keychain };
  };

  it('uses keytar when it reaches a keychain, writing no file', async () => {
    const { inner, keychain } = make(true, 'gnome_libsecret', false);
    await keychain.set('profile-1', 'sk_live_secret');
    expect(inner.entries.get('profile-1')).toBe('sk_live_secret');
    expect(await keychain.get('profile-1')).toBe('sk_live_secret');
    expect(() => statSync(join(dir, 'secrets.json'))).toThrow();
  });

  it('falls back to safeStorage encryption in a private file', async () => {
    const { keychain } = make(false, 'gnome_libsecret', false);
    await keychain.set('profile-1', 'sk_live_secret');
    const file = readFileSync(join(dir, 'secrets.json'), 'utf8');
    expect(file).not.toContain('sk_live_secret');
    if (process.platform !== 'win32') expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(await keychain.get('profile-1')).toBe('sk_live_secret');
    expect(asked).toEqual([]);
    await keychain.delete('profile-1');
    expect(await keychain.get('profile-1')).toBeNull();
  });

  for (const backend of ['basic_text', 'unknown']) {
    it(`with the ${backend} backend, tells the user plainly and stores nothing without consent`, async () => {
      const { keychain } = make(false, backend, false);
      await expect(keychain.set('profile-1', 'sk_live_secret')).rejects.toMatchObject({ code: 'keychain_unavailable' });
      expect(asked).toEqual([WEAK_STORAGE_WARNING]);
      expect(() => statSync(join(dir, 'secrets.json'))).toThrow();
      expect(await keychain.get('profile-1')).toBeNull();
    });
  }

  it('with consent to weak storage, stores and asks only once', async () => {
    const { keychain } = make(false, 'basic_text', true);
    await keychain.set('profile-1', 'one');
    await keychain.set('profile-2', 'two');
    expect(asked).toHaveLength(1);
    expect(await keychain.get('profile-2')).toBe('two');
    expect(keychain.describe()).toContain('without real encryption');
  });
});
