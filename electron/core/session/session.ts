import { ResourceKind } from '../../../shared/api/index.ts';
import type { CreditHistoryStore } from '../account/creditHistoryStore.ts';
import type { CreditsBook } from '../account/creditsBook.ts';
import type { ApiClient } from '../api/apiClient.ts';
import type { AudioStore } from '../audio/audioStore.ts';
import type { DiskSpace } from '../downloads/diskSpace.ts';
import type { Downloader } from '../downloads/downloader.ts';
import type { MediaStore } from '../downloads/mediaStore.ts';
import type { JobQueue } from '../jobs/jobQueue.ts';
import type { JobStore } from '../jobs/jobStore.ts';
import type { CollectionStore } from '../library/collectionStore.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import type { LibraryHealth } from '../library/libraryHealth.ts';
import type { LibraryQueryStore } from '../library/libraryQueryStore.ts';
import type { ResourceStore } from '../library/resourceStore.ts';
import type { Poller } from '../poller/poller.ts';
import type { ProfileRecord } from '../profiles/profileStore.ts';
import type { RecordFlow } from '../records/recordFlow.ts';
import { kindRule } from '../records/resourceKinds.ts';
import type { ServiceDiscovery } from '../serviceFacts/serviceDiscovery.ts';
import type { ServiceFactsStore } from '../serviceFacts/serviceFactsStore.ts';
import { createSpaceLink } from '../spaces/sessionSpace.ts';
import type { LazySpaceLink } from '../spaces/lazySpaceLink.ts';
import type { HistorySync } from '../sync/historySync.ts';
import type { VoiceStore } from '../voices/voiceStore.ts';
import type { Connectivity } from './connectivity.ts';
import type { KeyAccess } from './keyAccess.ts';
import { Later } from './later.ts';
import type { LibraryRebuilder } from './libraryRebuilder.ts';
import { connectService, joinWork, startWork, type SessionHooks } from './sessionParts.ts';
import type { SessionOptions } from './sessionOptions.ts';
import { openStores } from './sessionStores.ts';
import type { SyncSchedule } from './syncSchedule.ts';
import type { ServiceDispatcher } from '../api/dispatcher.ts';

/**
 * Everything that belongs to the active profile: its library file, media store, API client, outbox,
 * poller, sync and downloads. Switching profiles stops one session and opens another. It only
 * wires them; a record's way through them is RecordFlow's.
 */
export class Session {
  readonly profile: ProfileRecord;
  readonly dispatcher: ServiceDispatcher;
  readonly library: LibraryDatabase;
  readonly health: LibraryHealth;
  readonly resources: ResourceStore;
  readonly queries: LibraryQueryStore;
  readonly jobs: JobStore;
  readonly media: MediaStore;
  /** What this service supports and how it behaves where the spec leaves a choice (Settings → Connections). */
  readonly facts: ServiceFactsStore;
  readonly collections: CollectionStore;
  readonly creditHistory: CreditHistoryStore;
  readonly voices: VoiceStore;
  readonly audioTracks: AudioStore;
  readonly connectivity: Connectivity;
  readonly api: ApiClient;
  readonly discovery: ServiceDiscovery;
  readonly credits: CreditsBook;
  readonly poller: Poller;
  readonly downloader: Downloader;
  /** The room on the library's disk (`disk.changed`). */
  readonly space: DiskSpace;
  readonly queue: JobQueue;
  readonly sync: HistorySync;
  readonly records: RecordFlow;
  /**
   * The space's shared documents (scenes, collections, favourites, cast voices), mirrored into this
   * library: built with the session, syncing only once joining a space opens it with a membership.
   */
  readonly spaceLink: LazySpaceLink;
  private readonly options: SessionOptions;
  private readonly key: KeyAccess;
  private readonly schedule: SyncSchedule;
  private readonly rebuilder: LibraryRebuilder;
  private readonly sendable: () => boolean;
  private stopped = false;

  constructor(options: SessionOptions) {
    this.options = options;
    this.profile = options.profile;
    this.dispatcher = options.dispatcher;
    // Built in stages, each from what the earlier ones made (sessionParts.ts). The hooks are this
    // session's own doings, which reach parts of every stage.
    const hooks: SessionHooks = {
      unblocked: () => this.wake(),
      onlineChanged: (online) => this.onlineChanged(online),
      stopped: () => this.stopped,
    };
    // 1. The library file and what is kept in it and beside it.
    const stores = openStores(options);
    // 2. The key, whether the service answers, the API client, what the service supports.
    const link = connectService(options, stores, hooks);
    // 3. Credits, poller, disk room, downloads, queue and sync; they report to two parts of stage 4.
    const later = { records: new Later<RecordFlow>('the record flow'), schedule: new Later<SyncSchedule>('the sync schedule') };
    const work = startWork(options, stores, link, later);
    // 4. The way of every record through that work, the rebuild of a damaged library, the sync schedule.
    const upkeep = joinWork(options, stores, link, work, hooks);
    later.records.set(upkeep.records);
    later.schedule.set(upkeep.schedule);
    // 5. The space's documents, over the stores (opened by joining, not here).
    this.spaceLink = createSpaceLink(options, stores, () => this);
    ({ library: this.library, health: this.health, resources: this.resources, queries: this.queries, jobs: this.jobs } = stores);
    ({ media: this.media, facts: this.facts, collections: this.collections, creditHistory: this.creditHistory } = stores);
    ({ voices: this.voices, audioTracks: this.audioTracks } = stores);
    ({ key: this.key, connectivity: this.connectivity, api: this.api, discovery: this.discovery, canSend: this.sendable } = link);
    ({ credits: this.credits, poller: this.poller, space: this.space, downloader: this.downloader, queue: this.queue } = work);
    ({ sync: this.sync } = work);
    ({ records: this.records, rebuilder: this.rebuilder, schedule: this.schedule } = upkeep);
    this.rebuilder.showUnfinished();
  }

  /**
   * Resumes everything from the database: unsent intents go, in-doubt ones are resent, accepted ones
   * are polled. Called once the library’s start check has passed (LibraryRepair).
   */
  start(): void {
    this.rebuilder.resume();
    this.space.start();
    this.queue.start();
    for (const kind of ResourceKind.options)
      for (const id of this.resources.idsInStatus(kind, kindRule(kind).inFlight)) this.poller.track(kind, id);
    // Jobs accepted for an existing character (regenerate) follow it even if the mirror missed the flip.
    for (const job of this.jobs.inStates(['processing']))
      if (job.resource_kind && job.resource_id) this.poller.track(job.resource_kind, job.resource_id);
    // Downloads that failed only because their server was out of reach get another chance.
    this.downloader.connectionBack();
    if (this.canSend()) {
      this.syncSoon();
      this.discovery.soon();
    }
    this.schedule.schedule();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.schedule.cancel();
    this.poller.stop();
    this.connectivity.stop();
    this.credits.stop();
    this.space.stop();
    await this.spaceLink.stop();
    await this.queue.stop();
    await this.downloader.stop();
    this.library.close();
  }

  get online(): boolean {
    return this.connectivity.online;
  }

  /** The account has no active Creator or Studio plan, as far as the last answers tell. */
  get planRequired(): boolean {
    return this.key.planRequired;
  }

  /** What an account read says of the plan (spec 2.7: subscription is null for free users). */
  notePlan(subscription: { status: string } | null): void {
    this.key.notePlan(subscription);
  }

  get hasUsableKey(): boolean {
    return this.key.usable;
  }

  /** Requests may go: the session runs, the service answers, and the key may be used. */
  canSend(): boolean {
    return this.sendable();
  }

  /** A new key for this profile (already in the keychain): in-doubt jobs are checked against it by fingerprint. */
  replaceKey(key: string | null): void {
    this.key.replace(key);
  }

  setKeyRetention(seconds: number): void {
    this.key.setRetention(seconds);
  }

  /** A short fingerprint of the API key in use (never the key itself), or null without one. */
  keyFingerprint(): string | null {
    return this.key.fingerprint();
  }

  /** Resolves when a history pass that began at or after `at` has completed; rejects if none could. */
  historyPassSince(at: number): Promise<void> {
    return this.schedule.passSince(at);
  }

  syncSoon(options: { full?: boolean } = {}): void {
    this.schedule.soon(options);
  }

  /** Work held for the key or the connection may go. */
  private wake(): void {
    this.queue.pump();
    this.poller.wake();
  }

  private onlineChanged(online: boolean): void {
    this.options.onlineChanged(online);
    if (!online) {
      this.schedule.cancel();
      return;
    }
    this.queue.connectivityChanged();
    this.poller.wake();
    this.downloader.connectionBack();
    this.syncSoon();
    this.discovery.soon();
    this.schedule.schedule();
  }
}
