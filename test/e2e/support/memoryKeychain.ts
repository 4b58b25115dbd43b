import type { Keychain } from '../../../electron/core/secrets/keychain.ts';

/** A keychain in memory, for machines with no reachable OS keychain (CI without a Secret Service). */
export class MemoryKeychain implements Keychain {
  private readonly entries = new Map<string, string>();

  async get(account: string): Promise<string | null> {
    return this.entries.get(account) ?? null;
  }

  async set(account: string, secret: string): Promise<void> {
    this.entries.set(account, secret);
  }

  async delete(account: string): Promise<void> {
    this.entries.delete(account);
  }

  describe(): string {
    return 'API keys are kept in memory for this test run.';
  }
}
