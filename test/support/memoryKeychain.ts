import type { Keychain, KeyStorage } from '../../electron/core/secrets/keychain.ts';

/** A keychain in memory, for tests that are not about the keychain itself, and machines with no reachable OS keychain. */
export class MemoryKeychain implements Keychain {
  readonly entries = new Map<string, string>();

  async get(account: string): Promise<string | null> {
    return this.entries.get(account) ?? null;
  }

  async set(account: string, secret: string): Promise<void> {
    this.entries.set(account, secret);
  }

  async delete(account: string): Promise<void> {
    this.entries.delete(account);
  }

  storage(): KeyStorage {
    return 'memory';
  }
}
