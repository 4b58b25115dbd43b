import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import { isTerminal, type Quote } from '../../../shared/api/index.ts';
import type { EventName, EventPayload, Job, Settings } from '../../../shared/ipc/index.ts';
import { CreditsBook } from '../account/creditsBook.ts';
import { ApiClient } from '../api/apiClient.ts';
import { HttpClient, type HttpObserver } from '../api/httpClient.ts';
import { connectionFailureOf } from '../api/serviceError.ts';
import type { Clock } from '../clock/clock.ts';
import { CdnSources, isLoopback } from '../downloads/cdnSources.ts';
import { Downloader, type DownloadRow, type MediaWant } from '../downloads/downloader.ts';
import { relinkStoredMedia } from '../downloads/mediaRelinker.ts';
import { MediaStore } from '../downloads/mediaStore.ts';
import type { Accepted } from '../jobs/intentKinds.ts';
import { JobQueue } from '../jobs/jobQueue.ts';
import { JobStore, toJob } from '../jobs/jobStore.ts';
import { HistoryMatchStore } from '../jobs/historyMatches.ts';
import { OutcomeReconciler } from '../jobs/outcomeReconciler.ts';
import { LibraryDatabase } from '../library/libraryDatabase.ts';
import { LibraryHealth } from '../library/libraryHealth.ts';
import type { LibraryRebuild } from '../library/libraryIntegrity.ts';
import { JobSalvage, restoreSalvagedJobs } from '../library/jobSalvage.ts';
import { MIGRATIONS } from '../library/migrations/allMigrations.ts';
import { LibraryQueries } from '../library/libraryQueries.ts';
import { ResourceStore } from '../library/resourceStore.ts';
import type { Logger } from '../log/logger.ts';
import { Poller, type Observation, type PollIntervals } from '../poller/poller.ts';
import type { ProfileRecord } from '../profiles/profileStore.ts';
import { ServiceDiscovery } from '../serviceFacts/serviceDiscovery.ts';
import { ServiceFactsStore } from '../serviceFacts/serviceFactsStore.ts';
import { HistorySync, type SyncedRecord } from '../sync/historySync.ts';
import { UpdatedAfterSupport } from '../sync/updatedAfterSupport.ts';
import { planIsActive } from './connectionCheck.ts';
import { Connectivity } from './connectivity.ts';

export type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export type SessionOptions = {
  profile: ProfileRecord;
  apiKey: string | null;
  baseUrl: string;
  dispatcher: Dispatcher;
  userDataDir: string;
  clock: Clock;
  random: () => number;
  log: Logger;
  emit: Emit;
  settings: () => Settings;
  /** The service refused the key: the profile needs a new one. */
  keyRejected: (code: string) => void;
  /** A request was answered with the key: it works (and was just used). */
  keyUsed: () => void;
  onlineChanged: (online: boolean) => void;
  /** What the connection's status shows changed without online changing (a failure's kind, the plan). */
  statusChanged?: () => void;
  tuning?: SessionTuning;
  /** The library file is new in place of a damaged one: rebuild it before taking paid work. */
  rebuild?: LibraryRebuild | null;
};

/** Knobs tests and the benchmark turn; the defaults are the product's. */
export type SessionTuning = {
  pollIntervals?: PollIntervals;
  batchThreshold?: number;
  concurrency?: Partial<Record<Job['kind'], number>>;
  downloadParallel?: number;
  /** How often history sync runs while online (plus up to 20% jitter); 5 minutes in the product. */
  syncPeriodMs?: number;
  /** How old the last full pass may be before a sync lists everything again; an hour in the product. */
  fullSyncPeriodMs?: number;
  /** How long after a job came into doubt its history may say it never ran (a minute in the product). */
  reconcileSettleMs?: number;
  /** Counts every HTTP attempt (benchmark). */
  onAttempt?: (request: { method: string; path: string; attempt: number }) => void;
};

const SYNC_PERIOD_MS = 5 * 60_000;
/** Library meta: where the damaged file this library replaces went, while its rebuild is not done. */
const REBUILD_FROM = 'library.rebuild_from';
/** Library meta: how many unfinished jobs came back from the damaged file, and how many could not (JSON), until the rebuild is done. */
const REBUILD_JOBS = 'library.rebuild_jobs';
const ACCOUNT_PATH = /\/v1\/account(\?|$)/;

/**
 * Everything that belongs to the active profile: its library file, media store, API client, outbox,
 * poller, sync and downloads. Switching profiles stops one session and opens another.
 */
export class Session {
  readonly profile: ProfileRecord;
  readonly library: LibraryDatabase;
  readonly resources: ResourceStore;
  readonly queries: LibraryQueries;
  readonly jobs: JobStore;
  readonly api: ApiClient;
  readonly queue: JobQueue;
  readonly poller: Poller;
  readonly media: MediaStore;
  readonly downloader: Downloader;
  readonly credits: CreditsBook;
  readonly sync: HistorySync;
  readonly connectivity: Connectivity;
  readonly dispatcher: Dispatcher;
  readonly health: LibraryHealth;
  /** What this service supports and how it behaves where the spec leaves a choice (Settings → Connections). */
  readonly facts: ServiceFactsStore;
  readonly discovery: ServiceDiscovery;
  private readonly options: SessionOptions;
  private apiKey: string | null;
  private keyBlocked: boolean;
  /** The connection's key retention (Settings → Connections), changed in place by setKeyRetention. */
  private keyRetentionSeconds: number;
  /** spec 5.5: the last answer that needs the plan said 403 plan_required; cleared by one that went through. */
  private planMissing = false;
  private stopped = false;
  private syncTimer: unknown = null;
  private rebuildRun: Promise<void> | null = null;

  constructor(options: SessionOptions) {
    this.options = options;
    const { profile, clock, random, log, emit } = options;
    this.profile = profile;
    this.keyRetentionSeconds = profile.keyRetentionSeconds;
    this.apiKey = options.apiKey;
    this.keyBlocked = profile.keyState === 'needs_new_key' || profile.keyState === 'expired';
    this.dispatcher = options.dispatcher;
    const nowIso = () => new Date(clock.now()).toISOString();
    // Download sources are kept relative to the CDN; the embedded sandbox's CDN was on loopback at
    // whatever port it had, so every loopback address of it is this CDN too.
    const sources = new CdnSources(profile.cdnUrl, profile.kind === 'sandbox' ? isLoopback : null);
    this.library = LibraryDatabase.open(libraryFileOf(options.userDataDir, profile.id), MIGRATIONS, { cdnSource: (url) => sources.relative(url) });
    this.health = new LibraryHealth((view) => emit('health.changed', view));
    this.resources = new ResourceStore(this.library, nowIso);
    this.queries = new LibraryQueries(this.library, (url) => sources.resolve(sources.toStored(url)));
    this.jobs = new JobStore(this.library, nowIso);
    this.media = new MediaStore(join(options.userDataDir, 'media', safeName(profile.id)), this.library);
    this.facts = new ServiceFactsStore({ library: this.library, profileId: profile.id, baseUrl: options.baseUrl, now: nowIso, changed: (facts) => emit('service.learned', facts) });

    this.connectivity = new Connectivity({
      clock,
      random,
      log,
      probe: async () => {
        await this.api.http.send({ method: 'GET', path: '/v1/capabilities', retry: false });
      },
      changed: (online) => this.onlineChanged(online),
      problemChanged: () => options.statusChanged?.(),
    });
    const observer: HttpObserver = {
      answered: (status, path) => {
        this.connectivity.answered(status);
        if (status !== 401) options.keyUsed();
        // spec 5.6: authentication comes first, so any other answer of the API means the key was
        // taken. A 401 seen on another request (a key refused for a moment) then no longer holds
        // the queue, and the connection, which keyUsed just marked as fine, says the same.
        if (status !== 401 && this.keyBlocked && path?.includes('/v1/')) {
          this.keyBlocked = false;
          this.queue.pump();
          this.poller.wake();
        }
        // GET /v1/account answers without a plan (sandbox decision); anything else that went through had one.
        if (status < 300 && path !== undefined && !ACCOUNT_PATH.test(path)) this.setPlanMissing(false);
      },
      unreachable: (failure) => {
        const kind = connectionFailureOf(failure);
        this.connectivity.unreachable(kind === 'offline' || kind === 'untrusted_certificate' ? kind : 'unreachable');
      },
      refused: (failure) => {
        if (failure.code === 'plan_required') this.setPlanMissing(true);
      },
      keyRejected: (code) => {
        this.keyBlocked = true;
        options.keyRejected(code);
      },
      ...(options.tuning?.onAttempt ? { attempt: options.tuning.onAttempt } : {}),
    };
    const http = new HttpClient({ baseUrl: options.baseUrl, dispatcher: options.dispatcher, apiKey: () => this.apiKey, clock, random, log, observer });
    this.api = new ApiClient(http, log);
    this.discovery = new ServiceDiscovery({ api: () => this.api, facts: this.facts, log });

    this.credits = new CreditsBook({
      library: this.library,
      resources: this.resources,
      api: () => this.api,
      canFetch: () => this.canSend(),
      clock,
      log,
      changed: (balance) => emit('credits.changed', { balance }),
      refunded: (resourceIds) => {
        for (const job of this.jobs.failedFor(resourceIds)) emit('job.updated', toJob(job));
      },
    });

    // What the service does with `updated_after`, learnt once per connection (its library).
    const updatedAfter = new UpdatedAfterSupport(this.library);
    this.poller = new Poller({
      updatedAfter,
      api: () => this.api,
      canPoll: () => this.canSend(),
      observe: (o) => this.observe(o),
      clock,
      random,
      log,
      ...(options.tuning?.pollIntervals ? { intervals: options.tuning.pollIntervals } : {}),
      ...(options.tuning?.batchThreshold ? { batchThreshold: options.tuning.batchThreshold } : {}),
    });

    this.downloader = new Downloader({
      library: this.library,
      store: this.media,
      sources,
      dispatcher: options.dispatcher,
      // While a damaged library is rebuilt, files wait until those already on disk are found again.
      canDownload: () => this.connectivity.online && this.health.state !== 'rebuilding',
      clock,
      random,
      log,
      parallel: options.tuning?.downloadParallel ?? 3,
      events: {
        progress: (p) => emit('download.progress', p),
        settled: (row) => this.downloadSettled(row),
      },
    });

    this.queue = new JobQueue({
      library: this.library,
      store: this.jobs,
      api: () => this.api,
      canSend: () => this.canSend(),
      keyFingerprint: () => (this.apiKey ? keyFingerprint(this.apiKey) : null),
      balance: () => this.credits.balance(),
      quote: (operationId, input, target) => this.createQuote(operationId, input, target),
      mirror: (accepted) => this.mirror(accepted),
      accepted: (_job, accepted) => this.accepted(accepted),
      emit: (job) => emit('job.updated', job),
      clock,
      random,
      log,
      keyRetentionMs: () => this.keyRetentionSeconds * 1_000,
      reconciler: new OutcomeReconciler({
        matches: new HistoryMatchStore(this.library),
        historyPassSince: (at) => this.historyPassSince(at),
        clock,
        log,
        ...(options.tuning?.reconcileSettleMs !== undefined ? { settleMs: options.tuning.reconcileSettleMs } : {}),
      }),
      ...(options.tuning?.concurrency ? { concurrency: options.tuning.concurrency } : {}),
    });

    this.sync = new HistorySync({
      library: this.library,
      resources: this.resources,
      credits: this.credits,
      api: () => this.api,
      clock,
      log,
      pageSynced: (records, removed) => this.synced(records, removed),
      protectedIds: () => new Set(this.jobs.inStates(['sending', 'processing']).map((j) => j.resource_id).filter((id): id is string => id !== null)),
      fullEveryMs: options.tuning?.fullSyncPeriodMs,
      updatedAfter,
    });
  }

  /** Resumes everything from the database: unsent intents go, in-doubt ones are resent, accepted ones are polled. */
  start(): void {
    // Kept in the new file until done, so a rebuild cut short (a quit, a profile switch) goes on
    // next time; the jobs salvaged from the damaged file are committed with it, before any send.
    const { rebuild } = this.options;
    if (rebuild) {
      const restored = this.library.transaction(() => {
        let salvaged: ReturnType<typeof restoreSalvagedJobs> = { restored: [], salvage: { recovered: 0, unreadable: null } };
        try {
          salvaged = restoreSalvagedJobs(this.library, rebuild.jobs);
        } catch (error) {
          // The salvage is best effort: whatever goes wrong in it, the app starts and says the queue was not read.
          this.options.log.warn('The job queue of the damaged library could not be restored.', { error });
        }
        this.library.setMeta(REBUILD_FROM, rebuild.movedTo);
        this.library.setMeta(REBUILD_JOBS, JSON.stringify(salvaged.salvage));
        return salvaged.restored;
      });
      if (restored.length) this.options.log.info('Jobs were recovered from the damaged library.', { jobs: restored.length });
      for (const job of restored) this.options.emit('job.updated', toJob(job));
    }
    const rebuildFrom = this.library.meta(REBUILD_FROM);
    if (rebuildFrom !== null) this.health.rebuilding(rebuildFrom, this.rebuildJobs());
    this.queue.start();
    for (const row of this.library.all<{ id: string }>("SELECT id FROM generations WHERE status IN ('pending', 'processing')")) this.poller.track('generation', row.id);
    for (const row of this.library.all<{ id: string }>("SELECT id FROM characters WHERE status = 'generating'")) this.poller.track('character', row.id);
    for (const row of this.library.all<{ id: string }>("SELECT id FROM voices WHERE status = 'processing'")) this.poller.track('voice', row.id);
    for (const row of this.library.all<{ id: string }>("SELECT id FROM audio_tracks WHERE status = 'processing'")) this.poller.track('audio', row.id);
    // Jobs accepted for an existing character (regenerate) follow it even if the mirror missed the flip.
    for (const job of this.jobs.inStates(['processing'])) if (job.resource_kind && job.resource_id) this.poller.track(job.resource_kind, job.resource_id);
    // Downloads that failed only because their server was out of reach get another chance.
    this.downloader.connectionBack();
    if (this.canSend()) {
      this.syncSoon();
      this.discovery.soon();
    }
    this.scheduleSync();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.cancelSync();
    this.poller.stop();
    this.connectivity.stop();
    this.credits.stop();
    await this.queue.stop();
    await this.downloader.stop();
    this.library.close();
  }

  get online(): boolean {
    return this.connectivity.online;
  }

  /** The account has no active Creator or Studio plan, as far as the last answers tell. */
  get planRequired(): boolean {
    return this.planMissing;
  }

  /** What an account read says of the plan (spec 2.7: subscription is null for free users). */
  notePlan(subscription: { status: string } | null): void {
    this.setPlanMissing(!planIsActive(subscription));
  }

  private setPlanMissing(missing: boolean): void {
    if (missing === this.planMissing) return;
    this.planMissing = missing;
    this.options.statusChanged?.();
  }

  get hasUsableKey(): boolean {
    return this.apiKey !== null && !this.keyBlocked;
  }

  canSend(): boolean {
    return !this.stopped && this.connectivity.online && this.hasUsableKey;
  }

  /** A new key for this profile (already in the keychain): in-doubt jobs are checked against it by fingerprint. */
  replaceKey(key: string | null): void {
    this.apiKey = key;
    this.keyBlocked = false;
    this.queue.pump();
    this.poller.wake();
  }

  async createQuote(operationId: string, input: Record<string, unknown>, target: { character_id: string } | null): Promise<Quote> {
    const quote = await this.api.createQuote({ operation_id: operationId, input, ...(target ? { target } : {}) }, randomUUID());
    this.resources.upsertQuote(quote);
    return quote;
  }

  syncSoon(options: { full?: boolean } = {}): void {
    if (this.health.state === 'rebuilding') {
      void this.rebuild();
      return;
    }
    void this.sync
      .run(options)
      .then(() => this.historyListed())
      .catch((error: unknown) => this.options.log.warn('History sync did not finish.', { error }));
  }

  setKeyRetention(seconds: number): void {
    this.keyRetentionSeconds = seconds;
  }

  /** Jobs in doubt that wait for history look at what the last completed pass listed. */
  private historyListed(): void {
    const last = this.library.meta('sync.last_at');
    if (last !== null) this.queue.historyListed(Date.parse(last));
  }

  /** Resolves once a history pass that began at or after `at` has completed (a running one may have begun earlier). */
  private async historyPassSince(at: number): Promise<void> {
    for (let pass = 0; pass < 2; pass += 1) {
      await this.sync.run();
      const last = this.library.meta('sync.last_at');
      if (last !== null && Date.parse(last) >= at) return;
    }
    throw new Error('No history pass began after the job came into doubt.');
  }

  /**
   * Fills a library started anew after damage: a full sync brings back every record the service
   * has, then the waiting downloads are linked to the files already in the media store (content
   * addressed, so they are found by name and checked by hash), and only the rest are fetched.
   * Until it finishes no paid work is taken; a pass that fails runs again with the next sync.
   */
  private rebuild(): Promise<void> {
    this.rebuildRun ??= (async () => {
      const movedTo = this.library.meta(REBUILD_FROM) ?? '';
      try {
        await this.sync.run({ full: true });
        const linked = await relinkStoredMedia(this.library, this.media, this.options.clock);
        if (this.stopped) return;
        const jobs = this.rebuildJobs();
        this.library.transaction(() => {
          this.library.setMeta(REBUILD_FROM, null);
          this.library.setMeta(REBUILD_JOBS, null);
        });
        const items = this.queries.stats().items;
        const relinked = new Set(linked.map((row) => row.content_id)).size;
        this.health.rebuilt(movedTo, { items, relinked }, jobs);
        this.options.log.info('The library was rebuilt.', { items, relinked });
        this.relinked(linked);
        this.downloader.pump();
      } catch (error) {
        if (!this.stopped) this.options.log.warn('Rebuilding the library did not finish; it continues with the next sync.', { error });
      } finally {
        this.rebuildRun = null;
      }
    })();
    return this.rebuildRun;
  }

  /** What the salvage of the damaged file's job queue gave, as recorded when the rebuild began. */
  private rebuildJobs(): JobSalvage | null {
    const text = this.library.meta(REBUILD_JOBS);
    if (text === null) return null;
    try {
      return JobSalvage.parse(JSON.parse(text));
    } catch {
      return null;
    }
  }

  /** Views of owners whose files were found again, in batches like a sync page's. */
  private relinked(rows: DownloadRow[]): void {
    const items = [...new Set(rows.filter((r) => r.owner_kind === 'generation' || r.owner_kind === 'audio').map((r) => r.owner_id))];
    for (let i = 0; i < items.length; i += 200) this.options.emit('library.updated', { items: this.queries.items(items.slice(i, i + 200)), removedIds: [] });
    for (const row of rows) if (row.owner_kind === 'character' || row.owner_kind === 'voice') this.downloadSettled(row);
  }

  private onlineChanged(online: boolean): void {
    this.options.onlineChanged(online);
    if (!online) {
      this.cancelSync();
      return;
    }
    this.queue.connectivityChanged();
    this.poller.wake();
    this.downloader.connectionBack();
    this.syncSoon();
    this.discovery.soon();
    this.scheduleSync();
  }

  /**
   * While online, history sync runs again every few minutes (jittered, so many windows do not ask
   * together). Most passes are incremental; the service has no tombstones, so a generation deleted
   * elsewhere shows only in a full listing, which runs when the last one is older than an hour
   * (a 100k library is ~1,000 pages: listing it every few minutes would cost more than it tells).
   * No timer while offline or after stop; the period keeps an idle app quiet between passes.
   */
  private scheduleSync(): void {
    this.cancelSync();
    if (this.stopped || !this.connectivity.online) return;
    const period = Math.max(this.options.tuning?.syncPeriodMs ?? SYNC_PERIOD_MS, 1);
    const delay = Math.round(period * (1 + 0.2 * this.options.random()));
    this.syncTimer = this.options.clock.setTimeout(() => {
      this.syncTimer = null;
      if (this.canSend()) this.syncSoon();
      this.scheduleSync();
    }, delay);
  }

  private cancelSync(): void {
    if (this.syncTimer === null) return;
    this.options.clock.clearTimeout(this.syncTimer);
    this.syncTimer = null;
  }

  private mirror(accepted: Accepted): void {
    const m = accepted.mirror;
    if (!m) return;
    if (m.kind === 'character') this.resources.upsertCharacter(m.record);
    else if (m.kind === 'generation') this.resources.upsertGeneration(m.record);
    else if (m.kind === 'voice') this.resources.upsertVoice(m.record);
    else this.resources.upsertAudio(m.record);
  }

  private accepted(accepted: Accepted): void {
    if (accepted.creditsRemaining !== null) this.credits.setBalance(accepted.creditsRemaining);
    this.credits.refreshSoon();
    this.emitResource(accepted.resourceKind, accepted.resourceId);
    if (accepted.settled) {
      // Revert answers with the restored version: read the character once to mirror it.
      void this.api
        .character(accepted.resourceId)
        .then((record) => this.observe({ kind: 'character', record }))
        .catch(() => this.poller.track('character', accepted.resourceId));
    } else {
      this.poller.track(accepted.resourceKind, accepted.resourceId);
    }
  }

  /**
   * Drops a resource from the library (deleted here or on the service): its rows, its following,
   * and the files no other item shares.
   */
  forget(kind: 'character' | 'generation' | 'voice' | 'audio', id: string): void {
    const contentIds = this.library
      .all<{ content_id: string }>("SELECT content_id FROM downloads WHERE owner_kind = ? AND owner_id = ? AND state = 'done' AND content_id IS NOT NULL", kind, id)
      .map((r) => r.content_id);
    this.library.transaction(() => {
      this.resources.remove(kind, id);
      for (const contentId of contentIds) {
        const shared = this.library.get<{ n: number }>("SELECT count(*) AS n FROM downloads WHERE content_id = ? AND state = 'done'", contentId)?.n ?? 0;
        if (shared === 0) this.library.run('DELETE FROM media WHERE content_id = ?', contentId);
      }
    });
    // Files go after the commit: a crash in between leaves an orphan the library check removes.
    for (const contentId of contentIds) {
      if (!this.library.get('SELECT 1 AS x FROM media WHERE content_id = ?', contentId)) this.media.remove(contentId);
    }
    this.poller.untrack(kind, id);
    this.emitRemoved(kind, id);
  }

  /** Every fresh record from the poller (or a one-off read) lands here. */
  observe(o: Observation): void {
    if ('deleted' in o) {
      this.queue.resourceSettled(o.kind, o.deleted, false, 'This item was deleted on the service before it finished.');
      this.forget(o.kind, o.deleted);
      return;
    }
    this.library.transaction(() => {
      if (o.kind === 'character') this.resources.upsertCharacter(o.record);
      else if (o.kind === 'generation') this.resources.upsertGeneration(o.record);
      else if (o.kind === 'voice') this.resources.upsertVoice(o.record);
      else this.resources.upsertAudio(o.record);
    });
    this.afterRecord({ kind: o.kind, record: o.record } as SyncedRecord, true);
  }

  private synced(records: SyncedRecord[], removed: { kind: 'character' | 'generation' | 'voice' | 'audio'; id: string }[]): void {
    const items: string[] = [];
    const wants: MediaWant[] = [];
    for (const r of records) {
      if (r.kind === 'generation' || r.kind === 'audio') items.push(r.record.id);
      this.afterRecord(r, false, wants);
    }
    // A page's downloads are recorded together (one commit, one pump).
    if (wants.length) this.downloader.wantMany(wants);
    if (items.length) this.options.emit('library.updated', { items: this.queries.items(items), removedIds: [] });
    for (const r of removed) this.forget(r.kind, r.id);
  }

  /** Events, job settlement, downloads and following for one fresh record; `wants` collects a page's downloads. */
  private afterRecord(r: SyncedRecord, single: boolean, wants: MediaWant[] = []): void {
    const status = r.record.status;
    const terminal = isTerminal(r.kind, status);
    if (!terminal) {
      if (!this.poller.isTracking(r.kind, r.record.id)) this.poller.track(r.kind, r.record.id);
    } else {
      if (this.poller.isTracking(r.kind, r.record.id)) this.poller.untrack(r.kind, r.record.id);
      const ok = status === 'completed' || status === 'ready';
      const error = 'error_message' in r.record ? (r.record.error_message ?? null) : null;
      this.queue.resourceSettled(r.kind, r.record.id, ok, error);
      if (ok) this.wantMedia(r, wants);
      if (!ok && single) this.credits.refreshSoon();
    }
    if (single && wants.length) this.downloader.wantMany(wants);
    if (single) this.emitResource(r.kind, r.record.id);
  }

  private wantMedia(r: SyncedRecord, wants: MediaWant[]): void {
    const auto = this.options.settings().autoDownload;
    const want = (ownerKind: MediaWant['ownerKind'], role: string, url: string | null | undefined) => {
      if (url) wants.push({ ownerKind, ownerId: r.record.id, role, url });
    };
    if (r.kind === 'generation') {
      want('generation', 'thumbnail', r.record.output?.thumbnail_url);
      if (auto) want('generation', 'output', r.record.output?.url);
    } else if (r.kind === 'character') {
      const version = r.record.version ?? this.library.get<{ version: number }>('SELECT version FROM characters WHERE id = ?', r.record.id)?.version ?? 1;
      want('character', `headshot@${version}`, r.record.headshot_url);
      want('character', `fullbody@${version}`, r.record.fullbody_url);
    } else if (r.kind === 'audio') {
      if (auto) want('audio', 'output', r.record.audio_url);
    } else if (r.kind === 'voice') {
      // Like thumbnails, previews are small and what the voice lab plays offline: always fetched.
      want('voice', 'preview', r.record.preview_url);
    }
  }

  private emitResource(kind: 'character' | 'generation' | 'voice' | 'audio', id: string): void {
    const { emit } = this.options;
    if (kind === 'character') {
      const view = this.queries.character(id);
      if (view) emit('character.updated', view);
    } else if (kind === 'voice') {
      const row = this.library.get<{ status: string }>('SELECT status FROM voices WHERE id = ?', id);
      if (row) emit('voices.updated', { voiceId: id, status: row.status });
    } else {
      const item = this.queries.item(id);
      if (item) emit('library.updated', { items: [item], removedIds: [] });
      if (kind === 'audio' && item) emit('audio.updated', { audioId: id, status: item.status });
    }
  }

  private emitRemoved(kind: 'character' | 'generation' | 'voice' | 'audio', id: string): void {
    if (kind === 'generation' || kind === 'audio') this.options.emit('library.updated', { items: [], removedIds: [id] });
    if (kind === 'voice') this.options.emit('voices.updated', { voiceId: id, status: 'deleted' });
    if (kind === 'audio') this.options.emit('audio.updated', { audioId: id, status: 'deleted' });
  }

  private downloadSettled(row: DownloadRow): void {
    if (row.owner_kind === 'character' || row.owner_kind === 'voice') this.emitResource(row.owner_kind, row.owner_id);
    else if (row.owner_kind === 'generation' || row.owner_kind === 'audio') {
      const item = this.queries.item(row.owner_id);
      if (item) this.options.emit('library.updated', { items: [item], removedIds: [] });
    }
  }
}

/** Idempotency keys are scoped per API key; this names the key without revealing it. */
export function keyFingerprint(key: string): string {
  return createHash('sha256').update(`cast-studio/key-fingerprint/${key}`).digest('hex').slice(0, 16);
}

/** The library file of a profile. */
export function libraryFileOf(userDataDir: string, profileId: string): string {
  return join(userDataDir, 'profiles', safeName(profileId), 'library.db');
}

function safeName(id: string): string {
  return id.replace(/[^a-zA-Z0-9-]/g, '_');
}
