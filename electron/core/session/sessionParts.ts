import { join } from 'node:path';
import { ApiClient } from '../api/apiClient.ts';
import { HttpClient } from '../api/httpClient.ts';
import { CreditHistoryStore } from '../account/creditHistoryStore.ts';
import { CreditsBook } from '../account/creditsBook.ts';
import { AudioStore } from '../audio/audioStore.ts';
import { CdnSources, isLoopback } from '../downloads/cdnSources.ts';
import { DiskSpace } from '../downloads/diskSpace.ts';
import { Downloader } from '../downloads/downloader.ts';
import { MediaStore } from '../downloads/mediaStore.ts';
import { SourceRefresher } from '../downloads/sourceRefresher.ts';
import { DurationEstimateStore } from '../jobs/durationEstimateStore.ts';
import { DurationEstimates } from '../jobs/durationEstimates.ts';
import { HistoryMatchStore } from '../jobs/historyMatchStore.ts';
import { JobQueue } from '../jobs/jobQueue.ts';
import { JobStore, toJob } from '../jobs/jobStore.ts';
import { OutcomeReconciler } from '../jobs/outcomeReconciler.ts';
import { CollectionStore } from '../library/collectionStore.ts';
import { LibraryDatabase } from '../library/libraryDatabase.ts';
import { LibraryHealth } from '../library/libraryHealth.ts';
import { LibraryQueryStore } from '../library/libraryQueryStore.ts';
import { MIGRATIONS } from '../library/migrations/allMigrations.ts';
import { ResourceStore } from '../library/resourceStore.ts';
import { Poller } from '../poller/poller.ts';
import { createQuote } from '../quotes/quotePrice.ts';
import { ServiceFactsStore } from '../serviceFacts/serviceFactsStore.ts';
import { HistorySync } from '../sync/historySync.ts';
import type { UpdatedAfterSupport } from '../sync/updatedAfterSupport.ts';
import { VoiceStore } from '../voices/voiceStore.ts';
import type { KeyAccess } from './keyAccess.ts';
import type { RecordFlow } from '../records/recordFlow.ts';
import { Connectivity } from './connectivity.ts';
import { LibraryRebuilder } from './libraryRebuilder.ts';
import { SyncSchedule } from './syncSchedule.ts';
import type { SessionOptions } from './sessionOptions.ts';

/**
 * What the builders below read of the session they wire: the session passes itself before all its
 * parts exist, and each part looks its neighbours up only when it runs.
 */
type Session = {
  readonly library: LibraryDatabase;
  readonly resources: ResourceStore;
  readonly jobs: JobStore;
  readonly media: MediaStore;
  readonly health: LibraryHealth;
  readonly api: ApiClient;
  readonly connectivity: Connectivity;
  readonly credits: CreditsBook;
  readonly records: RecordFlow;
  readonly queries: LibraryQueryStore;
  readonly downloader: Downloader;
  readonly space: DiskSpace;
  readonly sync: HistorySync;
  readonly queue: JobQueue;
  readonly facts: ServiceFactsStore;
  canSend(): boolean;
};

/** What a session keeps in its profile's library file and media folder. */
export type SessionStores = {
  sources: CdnSources;
  library: LibraryDatabase;
  health: LibraryHealth;
  resources: ResourceStore;
  queries: LibraryQueryStore;
  jobs: JobStore;
  media: MediaStore;
  facts: ServiceFactsStore;
  collections: CollectionStore;
  creditHistory: CreditHistoryStore;
  voices: VoiceStore;
  audioTracks: AudioStore;
};

// Each part below is built with the session it serves: its callbacks read the session's other
// parts when they run, by which time all of them exist.

export function openStores(options: SessionOptions): SessionStores {
  const { profile, emit } = options;
  const now = () => new Date(options.clock.now()).toISOString();
  // Download sources are kept relative to the CDN; the embedded sandbox's CDN was on loopback at
  // whatever port it had, so every loopback address of it is this CDN too.
  const sources = new CdnSources(profile.cdnUrl, profile.kind === 'sandbox' ? isLoopback : null);
  const library = LibraryDatabase.open(libraryFileOf(options.userDataDir, profile.id), MIGRATIONS, {
    cdnSource: (url) => sources.relative(url),
  });
  return {
    sources,
    library,
    health: new LibraryHealth((view) => emit('health.changed', view)),
    resources: new ResourceStore(library, now),
    queries: new LibraryQueryStore(library, (url) => sources.resolve(sources.toStored(url))),
    jobs: new JobStore(library, now),
    media: new MediaStore(join(options.userDataDir, 'media', safeName(profile.id)), library),
    facts: new ServiceFactsStore({
      library,
      profileId: profile.id,
      baseUrl: options.baseUrl,
      now,
      changed: (facts) => emit('service.learned', facts),
    }),
    collections: new CollectionStore(library, now),
    creditHistory: new CreditHistoryStore(library),
    voices: new VoiceStore(library),
    audioTracks: new AudioStore(library),
  };
}

export function createConnectivity(s: Session, options: SessionOptions, changed: (online: boolean) => void): Connectivity {
  const { clock, random, log } = options;
  return new Connectivity({
    clock,
    random,
    log,
    probe: () => s.api.http.send({ method: 'GET', path: '/v1/capabilities', retry: false }).then(() => undefined),
    changed,
    problemChanged: () => options.statusChanged?.(),
  });
}

export function createApi(options: SessionOptions, key: KeyAccess, connectivity: Connectivity): ApiClient {
  const { clock, random, log } = options;
  const observer = key.observer(connectivity, options.tuning?.onAttempt);
  const http = new HttpClient({
    baseUrl: options.baseUrl,
    dispatcher: options.dispatcher,
    apiKey: () => key.key,
    clock,
    random,
    log,
    observer,
  });
  return new ApiClient(http, log);
}

export function createCredits(s: Session, options: SessionOptions): CreditsBook {
  const { clock, log, emit } = options;
  return new CreditsBook({
    library: s.library,
    resources: s.resources,
    api: () => s.api,
    canFetch: () => s.canSend(),
    clock,
    log,
    changed: (balance) => emit('credits.changed', { balance }),
    refunded: (resourceIds) => {
      for (const job of s.jobs.failedFor(resourceIds)) emit('job.updated', toJob(job));
    },
  });
}

export function createPoller(s: Session, options: SessionOptions, updatedAfter: UpdatedAfterSupport): Poller {
  const { clock, random, log, tuning } = options;
  return new Poller({
    updatedAfter,
    api: () => s.api,
    canPoll: () => s.canSend(),
    observe: (o) => s.records.observe(o),
    clock,
    random,
    log,
    ...(tuning?.pollIntervals ? { intervals: tuning.pollIntervals } : {}),
    ...(tuning?.batchThreshold ? { batchThreshold: tuning.batchThreshold } : {}),
  });
}

/** The room on the library's disk: while it is full, downloads and new paid work wait, and go on once it has room. */
export function createDiskSpace(s: Session, options: SessionOptions): DiskSpace {
  const { clock, log, emit, tuning } = options;
  return new DiskSpace({
    folder: s.media.root,
    clock,
    log,
    changed: (view) => emit('disk.changed', view),
    back: () => {
      s.downloader.retryNow();
      s.queue.spaceBack();
    },
    ...(tuning?.diskMarginBytes !== undefined ? { marginBytes: tuning.diskMarginBytes } : {}),
    ...(tuning?.diskCheckMs !== undefined ? { checkMs: tuning.diskCheckMs } : {}),
  });
}

export function createDownloader(s: Session, sources: CdnSources, options: SessionOptions): Downloader {
  const { clock, random, log, emit } = options;
  return new Downloader({
    library: s.library,
    store: s.media,
    sources,
    dispatcher: options.dispatcher,
    // Addresses that expired or were refused are read again from the service (list pages for many).
    refresher: new SourceRefresher({ library: s.library, resources: s.resources, api: () => s.api, sources, clock, log }),
    // While a damaged library is rebuilt, files wait until those already on disk are found again.
    // While the disk is full, files wait for room (DiskSpace reads it again and resumes them).
    canDownload: () => s.connectivity.online && s.health.state !== 'rebuilding' && !s.space.full,
    space: s.space,
    clock,
    random,
    log,
    parallel: options.tuning?.downloadParallel ?? 3,
    events: {
      progress: (p) => emit('download.progress', p),
      settled: (row) => s.records.downloadSettled(row),
    },
  });
}

export function createQueue(
  s: Session,
  options: SessionOptions,
  key: KeyAccess,
  historyPassSince: (at: number) => Promise<void>,
): JobQueue {
  const { clock, random, log, tuning } = options;
  return new JobQueue({
    library: s.library,
    store: s.jobs,
    api: () => s.api,
    canSend: () => s.canSend(),
    keyFingerprint: () => key.fingerprint(),
    balance: () => s.credits.balance(),
    quote: (operationId, input, target) => createQuote(s, operationId, input, target),
    mirror: (accepted) => s.records.mirror(accepted),
    accepted: (_job, accepted) => s.records.accepted(accepted),
    emit: (job) => options.emit('job.updated', job),
    // How long jobs take here (`queue.estimates`): learned from this library's finished jobs, with
    // options left out read as this service's defaults.
    estimates: new DurationEstimates(new DurationEstimateStore(s.library), () => s.facts.capabilities()),
    clock,
    random,
    log,
    keyRetentionMs: () => key.retentionMs,
    diskFull: () => s.space.full,
    noteWriteFailure: (error) => s.space.met(error),
    reconciler: new OutcomeReconciler({
      matches: new HistoryMatchStore(s.library),
      historyPassSince,
      clock,
      log,
      ...(tuning?.reconcileSettleMs !== undefined ? { settleMs: tuning.reconcileSettleMs } : {}),
    }),
    ...(tuning?.concurrency ? { concurrency: tuning.concurrency } : {}),
  });
}

export function createSync(s: Session, options: SessionOptions, updatedAfter: UpdatedAfterSupport): HistorySync {
  return new HistorySync({
    library: s.library,
    resources: s.resources,
    credits: s.credits,
    api: () => s.api,
    clock: options.clock,
    log: options.log,
    pageSynced: (records, removed) => s.records.synced(records, removed),
    protectedIds: () =>
      new Set(
        s.jobs
          .inStates(['sending', 'processing'])
          .map((j) => j.resource_id)
          .filter((id): id is string => id !== null),
      ),
    fullEveryMs: options.tuning?.fullSyncPeriodMs,
    updatedAfter,
  });
}

export function createRebuilder(s: Session, options: SessionOptions, stopped: () => boolean): LibraryRebuilder {
  const { library, media, queries, health, sync, downloader } = s;
  return new LibraryRebuilder({
    library,
    media,
    queries,
    health,
    sync,
    downloader,
    relinked: (rows) => s.records.relinked(rows),
    rebuild: options.rebuild ?? null,
    stopped,
    clock: options.clock,
    log: options.log,
    emit: options.emit,
  });
}

export function createSchedule(s: Session, options: SessionOptions, rebuilder: LibraryRebuilder, stopped: () => boolean): SyncSchedule {
  return new SyncSchedule({
    sync: s.sync,
    queue: s.queue,
    rebuilding: () => s.health.state === 'rebuilding',
    rebuild: () => rebuilder.run(),
    canSend: () => s.canSend(),
    active: () => !stopped() && s.connectivity.online,
    clock: options.clock,
    random: options.random,
    log: options.log,
    periodMs: options.tuning?.syncPeriodMs,
  });
}

/** The library file of a profile. */
export function libraryFileOf(userDataDir: string, profileId: string): string {
  return join(userDataDir, 'profiles', safeName(profileId), 'library.db');
}

function safeName(id: string): string {
  return id.replace(/[^a-zA-Z0-9-]/g, '_');
}
