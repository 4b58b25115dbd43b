import type { SpaceStatus } from '../../../../shared/ipc/index.ts';
import { AppFailure } from '../../ipc/appFailure.ts';
import type { Logger, Redactor } from '../../log/logger.ts';
import type { SpaceLink, SpaceMembership } from '../spaceLink.ts';
import { requestJoin } from './joinRequest.ts';
import type { MembershipStore } from './membershipStore.ts';
import { checkServerUrl } from './serverAddress.ts';

export type SpaceMembershipsDeps = {
  store: MembershipStore;
  /** The service connection in use, whose space this is; null while none is. */
  activeProfileId: () => string | null;
  redactor: Redactor;
  log: Logger;
  /** The status changed (`spaces.changed`). */
  changed: (status: SpaceStatus) => void;
  /** How long a join may take (the product's default unless a test sets it). */
  joinTimeoutMs?: number;
};

/** The space link of the open session and the profile it belongs to. */
type Attached = { profileId: string; link: SpaceLink; stopListening: () => void };

/**
 * Settings → Sync: the space the connection in use is in. Joining turns a join code into a
 * membership (the token in the keychain, the rest in preferences) and hands it to the session's
 * space link; leaving closes the link, forgetting the space's documents, then the membership.
 */
export class SpaceMemberships {
  private readonly deps: SpaceMembershipsDeps;
  private attached: Attached | null = null;
  /** Joins and leaves run one at a time. */
  private running: Promise<unknown> = Promise.resolve();

  constructor(deps: SpaceMembershipsDeps) {
    this.deps = deps;
  }

  status(): SpaceStatus {
    const profileId = this.deps.activeProfileId();
    const stored = profileId ? this.deps.store.get(profileId) : null;
    if (!profileId || !stored) return { membership: null, state: 'off', pendingChanges: 0 };
    const membership = { serverUrl: stored.serverUrl, spaceName: stored.spaceName, memberName: stored.memberName };
    const link = this.attached?.profileId === profileId ? this.attached.link : null;
    return { membership, ...(link ? link.status() : { state: 'connecting', pendingChanges: 0 }) };
  }

  async join(input: { serverUrl: string; joinCode: string }): Promise<SpaceStatus> {
    const profileId = this.requireProfile();
    const serverUrl = checkServerUrl(input.serverUrl);
    return this.oneAtATime(async () => {
      if (this.deps.store.get(profileId)) throw new AppFailure('space_already_joined', {});
      const answer = await requestJoin(serverUrl, input.joinCode, this.deps.joinTimeoutMs);
      this.deps.redactor.addSecret(answer.token);
      const membership: SpaceMembership = { serverUrl, ...answer };
      try {
        await this.deps.store.save(profileId, membership);
      } catch (error) {
        this.deps.log.error('The member token could not be kept in the keychain.', { error });
        throw new AppFailure('keychain_unavailable', { when: 'save' });
      }
      this.deps.log.info('Joined a space.', { profile: profileId, space: answer.spaceId, member: answer.memberId });
      await this.openLink(profileId, membership);
      return this.changed();
    });
  }

  async leave(): Promise<SpaceStatus> {
    const profileId = this.requireProfile();
    return this.oneAtATime(async () => {
      if (!this.deps.store.get(profileId)) return this.status();
      const link = this.attached?.profileId === profileId ? this.attached.link : null;
      await link?.close({ forget: true }).catch((error: unknown) => this.deps.log.warn('The space link did not close cleanly.', { error }));
      try {
        await this.deps.store.forget(profileId);
      } catch (error) {
        this.deps.log.error('The member token could not be removed from the keychain.', { error });
        throw new AppFailure(
          'keychain_unavailable',
          { when: 'delete' },
          { log: 'The member token could not be removed from the keychain.' },
        );
      }
      this.deps.log.info('Left the space.', { profile: profileId });
      return this.changed();
    });
  }

  /** A connection (not the one in use) was removed: its member token and membership go with it. */
  async forgetConnection(profileId: string): Promise<void> {
    if (profileId === this.deps.activeProfileId() || !this.deps.store.get(profileId)) return;
    await this.deps.store.forget(profileId);
    this.deps.log.info('The space of a removed connection was forgotten.', { profile: profileId });
  }

  /**
   * A session opened for `profileId` with its space link: the link's status is followed from now
   * on, and a connection that is in a space opens it.
   */
  async sessionOpened(profileId: string, link: SpaceLink): Promise<void> {
    this.attached?.stopListening();
    const stopListening = link.onStatus(() => {
      if (this.attached?.link === link) this.changed();
    });
    this.attached = { profileId, link, stopListening };
    const membership = await this.readMembership(profileId);
    if (membership) await this.openLink(profileId, membership);
    this.changed();
  }

  private async readMembership(profileId: string): Promise<SpaceMembership | null> {
    try {
      const membership = await this.deps.store.membership(profileId);
      this.deps.redactor.addSecret(membership?.token);
      return membership;
    } catch (error) {
      this.deps.log.warn('The member token could not be read from the keychain; the space does not sync.', { error });
      return null;
    }
  }

  private async openLink(profileId: string, membership: SpaceMembership): Promise<void> {
    if (this.attached?.profileId !== profileId) return;
    try {
      await this.attached.link.open(membership);
    } catch (error) {
      this.deps.log.error('The space’s documents could not be opened.', { profile: profileId, error });
    }
  }

  private changed(): SpaceStatus {
    const status = this.status();
    this.deps.changed(status);
    return status;
  }

  private requireProfile(): string {
    const profileId = this.deps.activeProfileId();
    if (!profileId) throw new AppFailure('no_connection', {});
    return profileId;
  }

  private oneAtATime<T>(run: () => Promise<T>): Promise<T> {
    const next = this.running.then(run);
    this.running = next.catch(() => {});
    return next;
  }
}
