import type { Profile } from '../../../shared/ipc/index.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { Redactor } from '../log/logger.ts';
import { checkHttps, checkKey, checkPem } from '../session/connectionCheck.ts';
import type { KeyUse } from './keyUse.ts';
import type { ProfileRecord, ProfileStore } from './profileStore.ts';

/** What editing a profile needs of the connection in use. */
export type ConnectionInUse = {
  /** The profile's key changed in the keychain (null: removed): its open session, if any, uses it at once. */
  keyChanged(id: string, apiKey: string | null): void;
  /** The profile's key retention changed: its open session, if any, uses it at once. */
  keyRetentionChanged(id: string, seconds: number): void;
  /** Something the connection's view shows may have changed: say so. */
  changed(): void;
};

export type ProfileServiceDeps = {
  profiles: ProfileStore;
  redactor: Redactor;
  keys: KeyUse;
  connection: ConnectionInUse;
  /** A connection was removed: what else it kept goes with it (the space it was in). */
  connectionRemoved?: ((id: string) => Promise<void>) | undefined;
};

export type NewProfile = {
  name: string;
  baseUrl: string;
  cdnUrl: string;
  caPem?: string | undefined;
  apiKey?: string | undefined;
  billingUrl?: string | undefined;
};

/**
 * The connections the user set up (Settings → Connections) and their keys, which live in the
 * system keychain and nowhere else: added, removed, given a key or a billing page. Edits of the
 * profile in use reach its session at once; which profile is in use is ActiveConnection's.
 */
export class ProfileService {
  private readonly deps: ProfileServiceDeps;

  constructor(deps: ProfileServiceDeps) {
    this.deps = deps;
  }

  list(): Profile[] {
    const activeId = this.deps.profiles.activeId();
    return this.deps.profiles.list().map((p) => this.deps.profiles.view(p, activeId));
  }

  async add(input: NewProfile): Promise<Profile> {
    for (const [field, value] of [
      ['baseUrl', input.baseUrl],
      ['cdnUrl', input.cdnUrl],
    ] as const) {
      if (new URL(value).protocol !== 'https:') throw new AppFailure('invalid_input', { problem: 'not_https' }, { field });
    }
    const caPem = input.caPem?.trim() ? checkPem(input.caPem) : null;
    if (input.apiKey !== undefined) checkKey(input.apiKey);
    if (input.billingUrl) checkHttps({ billingUrl: input.billingUrl });
    let record = this.deps.profiles.addRemote({
      name: input.name,
      baseUrl: input.baseUrl.replace(/\/+$/, ''),
      cdnUrl: input.cdnUrl.replace(/\/+$/, ''),
      caPem,
      billingUrl: input.billingUrl ?? null,
    });
    if (input.apiKey) {
      this.deps.redactor.addSecret(input.apiKey);
      try {
        record = await this.storeKey(record.id, input.apiKey);
      } catch (error) {
        // All or nothing: a profile whose key could not be stored is not kept.
        await this.deps.profiles.removeKey(record.id).catch(() => {});
        this.deps.profiles.remove(record.id);
        throw error;
      }
    }
    return this.view(record);
  }

  async remove(id: string): Promise<void> {
    const record = this.deps.profiles.get(id);
    if (!record) return;
    if (record.kind === 'sandbox') throw new AppFailure('cannot_remove', { why: 'sandbox' });
    if (this.deps.profiles.activeId() === id) throw new AppFailure('cannot_remove', { why: 'in_use' });
    await this.deps.profiles.removeKey(id).catch(() => {});
    await this.deps.connectionRemoved?.(id).catch(() => {});
    this.deps.profiles.remove(id);
    this.deps.connection.changed();
  }

  async setKey(id: string, apiKey: string): Promise<Profile> {
    checkKey(apiKey);
    this.deps.redactor.addSecret(apiKey);
    const record = await this.storeKey(id, apiKey);
    this.deps.connection.keyChanged(id, apiKey);
    this.deps.connection.changed();
    return this.view(record);
  }

  async removeKey(id: string): Promise<Profile> {
    if (!this.deps.profiles.get(id)) throw new AppFailure('not_found', { what: 'connection' });
    let record: ProfileRecord;
    try {
      record = await this.deps.profiles.removeKey(id);
    } catch {
      throw new AppFailure('keychain_unavailable', { when: 'delete' });
    }
    this.deps.connection.keyChanged(id, null);
    this.deps.connection.changed();
    return this.view(record);
  }

  setBillingUrl(id: string, billingUrl: string | null): Profile {
    if (!this.deps.profiles.get(id)) throw new AppFailure('not_found', { what: 'connection' });
    if (billingUrl) checkHttps({ billingUrl });
    const updated = this.deps.profiles.update(id, { billingUrl });
    this.deps.connection.changed();
    return this.view(updated);
  }

  /** The connection's key retention (Settings → Connections); the open session uses it at once. */
  setKeyRetention(id: string, seconds: number): Profile {
    if (!this.deps.profiles.get(id)) throw new AppFailure('not_found', { what: 'connection' });
    const updated = this.deps.profiles.update(id, { keyRetentionSeconds: seconds });
    this.deps.connection.keyRetentionChanged(id, seconds);
    this.deps.connection.changed();
    return this.view(updated);
  }

  private async storeKey(id: string, apiKey: string): Promise<ProfileRecord> {
    this.deps.keys.replacing(id);
    try {
      return await this.deps.profiles.storeKey(id, apiKey);
    } catch {
      throw new AppFailure('keychain_unavailable', { when: 'save' });
    }
  }

  private view(record: ProfileRecord): Profile {
    return this.deps.profiles.view(record, this.deps.profiles.activeId());
  }
}
