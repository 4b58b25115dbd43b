import { z } from 'zod';
import type { Preferences } from '../../preferences/preferences.ts';
import type { Keychain } from '../../secrets/keychain.ts';
import type { SpaceMembership } from '../spaceLink.ts';

/** What preferences hold of a connection's space: where and who, never the token. */
const StoredMembership = z.object({
  serverUrl: z.string(),
  spaceId: z.string(),
  spaceName: z.string(),
  memberId: z.string(),
  memberName: z.string(),
});
export type StoredMembership = z.infer<typeof StoredMembership>;

const MEMBERSHIPS = 'spaceMemberships';

/** The keychain entry of a connection's member token, beside its API key (account = profile id). */
export function tokenAccount(profileId: string): string {
  return `space-member:${profileId}`;
}

/**
 * The space each service connection (profile) is in, at most one: the server, the space and who
 * this machine is in it in preferences, the member token in the keychain. The token only passes
 * through here on its way in or out of the keychain.
 */
export class MembershipStore {
  private readonly prefs: Preferences;
  private readonly keychain: Keychain;

  constructor(prefs: Preferences, keychain: Keychain) {
    this.prefs = prefs;
    this.keychain = keychain;
  }

  get(profileId: string): StoredMembership | null {
    const parsed = StoredMembership.safeParse(this.all()[profileId]);
    return parsed.success ? parsed.data : null;
  }

  /** The whole membership, token and all, or null when there is none or its token is gone from the keychain. */
  async membership(profileId: string): Promise<SpaceMembership | null> {
    const stored = this.get(profileId);
    if (!stored) return null;
    const token = await this.keychain.get(tokenAccount(profileId));
    return token ? { ...stored, token } : null;
  }

  /** The token goes to the keychain first: a membership is never written without it. */
  async save(profileId: string, membership: SpaceMembership): Promise<void> {
    const { token, ...stored } = membership;
    await this.keychain.set(tokenAccount(profileId), token);
    this.prefs.set(MEMBERSHIPS, { ...this.all(), [profileId]: StoredMembership.parse(stored) });
  }

  /** The token leaves the keychain first: a membership is only forgotten once its token is. */
  async forget(profileId: string): Promise<void> {
    await this.keychain.delete(tokenAccount(profileId));
    const { [profileId]: _left, ...rest } = this.all();
    this.prefs.set(MEMBERSHIPS, rest);
  }

  private all(): Record<string, unknown> {
    const raw = this.prefs.get<unknown>(MEMBERSHIPS, {});
    return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  }
}
