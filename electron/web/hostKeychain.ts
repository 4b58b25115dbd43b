import { AppFailure } from '../core/ipc/appFailure.ts';
import type { Logger } from '../core/log/logger.ts';
import type { Keychain, KeyStorage } from '../core/secrets/keychain.ts';

/**
 * The browser host's keychain: the OS keychain through keytar, and nothing else. As docs/ARCHITECTURE.md
 * ("Where data lives") says: where
 * no keychain is reachable the host refuses to store a key (with a sentence that says why) rather
 * than fall back to a file; reading then finds no key, which the studio shows as "key missing".
 */
export class HostKeychain implements Keychain {
  private readonly inner: Keychain;
  private readonly log: Logger;
  private reachable: boolean | null = null;

  constructor(inner: Keychain, log: Logger) {
    this.inner = inner;
    this.log = log;
  }

  async get(account: string): Promise<string | null> {
    try {
      const value = await this.inner.get(account);
      this.reachable = true;
      return value;
    } catch (error) {
      this.unreachable(error);
      return null;
    }
  }

  async set(account: string, secret: string): Promise<void> {
    try {
      await this.inner.set(account, secret);
      this.reachable = true;
    } catch (error) {
      this.unreachable(error);
      throw new AppFailure('keychain_unavailable', { when: 'browser_host' });
    }
  }

  async delete(account: string): Promise<void> {
    try {
      await this.inner.delete(account);
    } catch (error) {
      // Nothing can be stored where nothing is reachable, so there is nothing to delete either.
      this.unreachable(error);
    }
  }

  /** `none` once the keychain proved unreachable: the host then stores no key (it never writes keys to disk). */
  storage(): KeyStorage {
    return this.reachable === false ? 'none' : this.inner.storage();
  }

  private unreachable(error: unknown): void {
    if (this.reachable !== false) {
      this.log.warn('The system keychain is not reachable; the browser host stores no API key.', {
        reason: error instanceof Error ? error.message : String(error),
      });
    }
    this.reachable = false;
  }
}
