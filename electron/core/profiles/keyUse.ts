import type { ConnectionCheck } from '../../../shared/ipc/index.ts';
import type { Clock } from '../clock/clock.ts';
import type { Logger } from '../log/logger.ts';
import type { ProfileStore } from './profileStore.ts';

export type KeyUseDeps = { profiles: ProfileStore; clock: Clock; log: Logger };

const KEY_USE_WRITE_MS = 60_000;

/**
 * What the service's answers say of a profile's key, kept as the key's state (works, needs a new
 * key, expired) and its last use, so the card and the header show it. Each method answers whether
 * what the connection shows changed; the caller says so.
 */
export class KeyUse {
  private readonly deps: KeyUseDeps;
  private lastWrite = 0;
  /** The profile whose key was last written as working: its next answers stay in memory for a minute. */
  private okFor: string | null = null;

  constructor(deps: KeyUseDeps) {
    this.deps = deps;
  }

  /** A request was answered with the profile's key: it works (and was just used). */
  used(id: string): boolean {
    const now = this.deps.clock.now();
    // Called on every answer: stay in memory unless a minute passed (preferences live in a file).
    if (this.okFor === id && now - this.lastWrite < KEY_USE_WRITE_MS) return false;
    const record = this.deps.profiles.get(id);
    if (!record) return false;
    if (record.keyState === 'ok' && now - this.lastWrite < KEY_USE_WRITE_MS) return false;
    this.lastWrite = now;
    const wasOk = record.keyState === 'ok';
    try {
      this.deps.profiles.update(id, { keyState: 'ok', keyLastUsedAt: new Date(now).toISOString() });
    } catch (error) {
      // Said on every answer: a write the disk refuses (full) must not cost the answer it came with.
      this.deps.log.warn('The key’s last use could not be saved.', { error });
      return false;
    }
    this.okFor = id;
    return !wasOk;
  }

  /** The service refused the profile's key: it needs a new one (or has expired). */
  rejected(id: string, code: string): void {
    this.okFor = null;
    this.deps.profiles.update(id, { keyState: code === 'expired_api_key' ? 'expired' : 'needs_new_key' });
    this.deps.log.warn('The service refused the API key; the connection needs a new key.', { profile: id, code });
  }

  /** A check's answer about the key becomes the key's state at once ("not checked yet" no more). */
  checked(id: string, result: ConnectionCheck): boolean {
    const record = this.deps.profiles.get(id);
    if (!record || !record.keyPrefix) return false;
    const keyState =
      result.status === 'key_refused'
        ? 'needs_new_key'
        : result.status === 'key_expired'
          ? 'expired'
          : result.accountName !== null
            ? 'ok'
            : null;
    if (!keyState || keyState === record.keyState) return false;
    this.deps.profiles.update(id, {
      keyState,
      ...(keyState === 'ok' ? { keyLastUsedAt: new Date(this.deps.clock.now()).toISOString() } : {}),
    });
    return true;
  }

  /** A new key is being stored for the profile: its next answer is written down again. */
  replacing(id: string): void {
    if (this.okFor === id) this.okFor = null;
  }
}
