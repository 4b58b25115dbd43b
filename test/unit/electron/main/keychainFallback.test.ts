import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../electron/core/log/logger.ts';
import type { Keychain } from '../../../../electron/core/secrets/keychain.ts';
import { KeychainWithFallback, WEAK_STORAGE_WARNING, type SafeStorageLike } from '../../../../electron/main/keychainFallback.ts';

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
    storage: () => 'secret_service',
  };
}

/**
 * A Secret Service keyring as keytar meets it on Linux: while locked (no prompt can unlock it),
 * reads answer nothing and writes fail with libsecret's own words; once unlocked, it keeps keys.
 */
function lockableKeyring(): Keychain & { entries: Map<string, string>; locked: boolean } {
  const keyring = {
    entries: new Map<string, string>(),
    locked: true,
    get: async (account: string) => (keyring.locked ? null : (keyring.entries.get(account) ?? null)),
    set: async (account: string, secret: string) => {
      if (keyring.locked) throw new Error('Cannot create an item in a locked collection');
      keyring.entries.set(account, secret);
    },
    delete: async (account: string) => {
      if (keyring.locked) throw new Error('Cannot delete an item in a locked collection');
      keyring.entries.delete(account);
    },
    storage: () => 'secret_service' as const,
  };
  return keyring;
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
    expect(keychain.storage()).toBe('unencrypted_file');
  });

  describe('a keyring that refused only for now (locked)', () => {
    const makeLockable = () => {
      const keyring = lockableKeyring();
      const keychain = new KeychainWithFallback({
        keytar: keyring,
        safeStorage: safeStorage('gnome_libsecret'),
        file: join(dir, 'secrets.json'),
        log: silentLogger,
        askConsentToWeakStorage: async (message) => (asked.push(message), false),
      });
      return { keyring, keychain };
    };
    const file = () => join(dir, 'secrets.json');

    it('keeps the key encrypted meanwhile, and moves it into the keychain once unlocked, leaving no copy', async () => {
      const { keyring, keychain } = makeLockable();
      await keychain.set('profile-1', 'sk_live_first');
      expect(keyring.entries.size).toBe(0);
      expect(readFileSync(file(), 'utf8')).not.toContain('sk_live_first');
      expect(await keychain.get('profile-1')).toBe('sk_live_first');

      keyring.locked = false;
      expect(await keychain.get('profile-1')).toBe('sk_live_first');
      expect(keyring.entries.get('profile-1')).toBe('sk_live_first');
      expect(() => statSync(file())).toThrow();
      expect(keychain.storage()).toBe('secret_service');
    });

    it('asks the keychain again for a new key, and drops the older copy when it takes it', async () => {
      const { keyring, keychain } = makeLockable();
      await keychain.set('profile-1', 'sk_live_old');
      await keychain.set('profile-2', 'sk_live_other');
      keyring.locked = false;
      await keychain.set('profile-1', 'sk_live_new');
      expect(keyring.entries.get('profile-1')).toBe('sk_live_new');
      expect(readFileSync(file(), 'utf8')).toContain('profile-2');
      expect(readFileSync(file(), 'utf8')).not.toContain('profile-1');
      // The next read moves the last copy over and removes the file.
      expect(await keychain.get('profile-1')).toBe('sk_live_new');
      expect(keyring.entries.get('profile-2')).toBe('sk_live_other');
      expect(() => statSync(file())).toThrow();
    });

    it('removes a deleted key from the keychain and from the file alike', async () => {
      const { keyring, keychain } = makeLockable();
      await keychain.set('profile-1', 'sk_live_first');
      await keychain.delete('profile-1');
      expect(await keychain.get('profile-1')).toBeNull();
      keyring.locked = false;
      expect(await keychain.get('profile-1')).toBeNull();
      expect(keyring.entries.size).toBe(0);
    });
  });

  it('gives up on keytar for the run when no keychain is reachable at all, and never asks it again', async () => {
    let calls = 0;
    const unreachable: Keychain = {
      get: async () => {
        calls += 1;
        throw new Error('Could not connect: No such file or directory');
      },
      set: async () => {
        calls += 1;
        throw new Error('Could not connect: No such file or directory');
      },
      delete: async () => {
        calls += 1;
        throw new Error('Could not connect: No such file or directory');
      },
      storage: () => 'secret_service',
    };
    const keychain = new KeychainWithFallback({
      keytar: unreachable,
      safeStorage: safeStorage('gnome_libsecret'),
      file: join(dir, 'secrets.json'),
      log: silentLogger,
      askConsentToWeakStorage: async () => false,
    });
    await keychain.set('profile-1', 'sk_live_secret');
    expect(await keychain.get('profile-1')).toBe('sk_live_secret');
    expect(calls).toBe(1);
    expect(keychain.storage()).toBe('encrypted_file');
  });

  const lockedKeyringMissing = ['dbus-run-session', 'gnome-keyring-daemon'].some(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
  );
  it.skipIf(lockedKeyringMissing)('with a real Secret Service keyring that is locked, keeps the key encrypted instead of failing', () => {
    const scenario = fileURLToPath(new URL('./support/lockedKeyringScenario.ts', import.meta.url));
    const file = join(dir, 'secrets.json');
    // Its own D-Bus session, whose keyring daemon starts locked and has no prompt to unlock it: with
    // a display (CI runs the suite under xvfb-run) the daemon would open an unlock prompt and wait.
    const { DISPLAY: _display, WAYLAND_DISPLAY: _wayland, ...withoutDisplay } = process.env;
    const run = spawnSync(
      'dbus-run-session',
      [
        '--',
        'sh',
        '-c',
        'gnome-keyring-daemon --start --components=secrets >/dev/null 2>&1; exec "$0" "$1" "$2"',
        process.execPath,
        scenario,
        file,
      ],
      { encoding: 'utf8', timeout: 60_000, env: withoutDisplay },
    );
    const line = run.stdout.trim().split('\n').at(-1) ?? '';
    expect(line, run.stderr).toMatch(/^\{/);
    expect(JSON.parse(line)).toEqual({ setError: null, readBack: true, inKeyring: false, copyExists: true, copyHasPlainKey: false });
  });
});
