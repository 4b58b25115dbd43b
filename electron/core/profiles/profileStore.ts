import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { maskApiKey } from '../../../shared/api/index.ts';
import { KeyState, type Profile } from '../../../shared/ipc/index.ts';
import type { Preferences } from '../preferences/preferences.ts';
import type { Keychain } from '../secrets/keychain.ts';

export const DEFAULT_KEY_RETENTION_SECONDS = 3_600;

/** What preferences hold about a profile: addresses and key metadata, never the key. */
export const ProfileRecord = z.object({
  id: z.string(),
  kind: z.enum(['sandbox', 'remote']),
  name: z.string(),
  baseUrl: z.string(),
  cdnUrl: z.string(),
  caPem: z.string().nullable(),
  keyState: KeyState,
  keyPrefix: z.string().nullable(),
  keyLastUsedAt: z.string().nullable(),
  /** Where the service sells credits; profiles saved before this setting have none. */
  billingUrl: z.string().nullable().default(null),
  /**
   * How long this service keeps an Idempotency-Key, as far as the creator knows (the spec states no
   * retention; an hour unless set). A job in doubt is resent with its key only in the first seconds
   * after it was sent, and never past this (0: a service that keeps none is never resent in doubt).
   */
  keyRetentionSeconds: z.number().int().nonnegative().default(DEFAULT_KEY_RETENTION_SECONDS),
});
export type ProfileRecord = z.infer<typeof ProfileRecord>;

export const SANDBOX_PROFILE_ID = 'sandbox';

const PROFILES = 'profiles';
const ACTIVE = 'activeProfileId';

/**
 * Connection profiles in preferences, their keys in the keychain (account = profile id). The key
 * itself only passes through here on its way in or out of the keychain.
 */
export class ProfileStore {
  private readonly prefs: Preferences;
  private readonly keychain: Keychain;

  constructor(prefs: Preferences, keychain: Keychain) {
    this.prefs = prefs;
    this.keychain = keychain;
  }

  list(): ProfileRecord[] {
    const raw = this.prefs.get<unknown[]>(PROFILES, []);
    return raw.flatMap((entry) => {
      const parsed = ProfileRecord.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  }

  get(id: string): ProfileRecord | null {
    return this.list().find((p) => p.id === id) ?? null;
  }

  activeId(): string | null {
    return this.prefs.get<string | null>(ACTIVE, null);
  }

  setActive(id: string): void {
    this.prefs.set(ACTIVE, id);
  }

  ensureSandbox(): ProfileRecord {
    const existing = this.get(SANDBOX_PROFILE_ID);
    if (existing) return existing;
    const record: ProfileRecord = {
      id: SANDBOX_PROFILE_ID,
      kind: 'sandbox',
      // Never shown: the page words the sandbox by its kind, in the person's language. A record
      // written by an older version keeps its English name, unread as well.
      name: 'sandbox',
      baseUrl: 'https://127.0.0.1',
      cdnUrl: 'https://127.0.0.1',
      caPem: null,
      keyState: 'missing',
      keyPrefix: null,
      keyLastUsedAt: null,
      billingUrl: null,
      keyRetentionSeconds: DEFAULT_KEY_RETENTION_SECONDS,
    };
    this.save([...this.list(), record]);
    return record;
  }

  addRemote(input: { name: string; baseUrl: string; cdnUrl: string; caPem: string | null; billingUrl?: string | null }): ProfileRecord {
    const record: ProfileRecord = {
      id: randomUUID(),
      kind: 'remote',
      ...input,
      billingUrl: input.billingUrl ?? null,
      keyRetentionSeconds: DEFAULT_KEY_RETENTION_SECONDS,
      keyState: 'missing',
      keyPrefix: null,
      keyLastUsedAt: null,
    };
    this.save([...this.list(), record]);
    return record;
  }

  update(id: string, patch: Partial<Omit<ProfileRecord, 'id' | 'kind'>>): ProfileRecord {
    let updated: ProfileRecord | null = null;
    this.save(
      this.list().map((p) => {
        if (p.id !== id) return p;
        updated = { ...p, ...patch };
        return updated;
      }),
    );
    if (!updated) throw new Error(`No profile ${id}.`);
    return updated;
  }

  remove(id: string): void {
    this.save(this.list().filter((p) => p.id !== id));
  }

  async readKey(id: string): Promise<string | null> {
    return this.keychain.get(id);
  }

  /** Stores the key in the keychain; preferences keep only its masked prefix. */
  async storeKey(id: string, key: string, state: 'ok' | 'unverified' = 'unverified'): Promise<ProfileRecord> {
    await this.keychain.set(id, key);
    return this.update(id, { keyState: state, keyPrefix: maskApiKey(key) });
  }

  async removeKey(id: string): Promise<ProfileRecord> {
    await this.keychain.delete(id);
    return this.update(id, { keyState: 'missing', keyPrefix: null, keyLastUsedAt: null });
  }

  view(record: ProfileRecord, activeId: string | null): Profile {
    return {
      id: record.id,
      kind: record.kind,
      name: record.name,
      baseUrl: record.baseUrl,
      cdnUrl: record.cdnUrl,
      hasCustomCa: record.kind === 'remote' && record.caPem !== null,
      keyState: record.keyState,
      keyPrefix: record.keyPrefix,
      keyLastUsedAt: record.keyLastUsedAt,
      billingUrl: record.billingUrl,
      keyRetentionSeconds: record.keyRetentionSeconds,
      active: record.id === activeId,
    };
  }

  private save(records: ProfileRecord[]): void {
    this.prefs.set(PROFILES, records);
  }
}
