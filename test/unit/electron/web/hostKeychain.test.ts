import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../electron/core/log/logger.ts';
import type { Keychain } from '../../../../electron/core/secrets/keychain.ts';
import { HostKeychain } from '../../../../electron/web/hostKeychain.ts';

const unreachable: Keychain = {
  get: async () => {
    throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
  },
  set: async () => {
    throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
  },
  delete: async () => {
    throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
  },
  storage: () => 'secret_service',
};

describe('the browser host keychain', () => {
  it('refuses to store a key when no keychain is reachable, saying why and what to do', async () => {
    const keychain = new HostKeychain(unreachable, silentLogger);
    const refusal = await keychain.set('profile-1', 'sk_live_x').catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'keychain_unavailable', params: { when: 'browser_host' } });
    expect(keychain.storage()).toBe('none');
  });

  it('reads no key and deletes nothing where nothing could be stored', async () => {
    const keychain = new HostKeychain(unreachable, silentLogger);
    expect(await keychain.get('profile-1')).toBeNull();
    await expect(keychain.delete('profile-1')).resolves.toBeUndefined();
  });

  it('passes everything through to a reachable keychain', async () => {
    const entries = new Map<string, string>();
    const keychain = new HostKeychain(
      {
        get: async (account) => entries.get(account) ?? null,
        set: async (account, secret) => void entries.set(account, secret),
        delete: async (account) => void entries.delete(account),
        storage: () => 'macos_keychain',
      },
      silentLogger,
    );
    await keychain.set('profile-1', 'sk_live_x');
    expect(await keychain.get('profile-1')).toBe('sk_live_x');
    expect(keychain.storage()).toBe('macos_keychain');
  });
});
