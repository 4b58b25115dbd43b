import { ApiClient } from '../api/apiClient.ts';
import { HttpClient } from '../api/httpClient.ts';
import { CreditsBook } from '../account/creditsBook.ts';
import { DiskSpace } from '../downloads/diskSpace.ts';
import { Downloader } from '../downloads/downloader.ts';
import type { MediaStore } from '../downloads/mediaStore.ts';
import { SourceRefresher } from '../downloads/sourceRefresher.ts';
import { DurationEstimateStore } from '../jobs/durationEstimateStore.ts';
import { DurationEstimates } from '../jobs/durationEstimates.ts';
import { HistoryMatchStore } from '../jobs/historyMatchStore.ts';
import { JobQueue } from '../jobs/jobQueue.ts';
import { toJob } from '../jobs/jobStore.ts';
import { OutcomeReconciler } from '../jobs/outcomeReconciler.ts';
import { Poller } from '../poller/poller.ts';
import { createQuote } from '../quotes/quotePrice.ts';
import { RecordFlow } from '../records/recordFlow.ts';
import { ServiceDiscovery } from '../serviceFacts/serviceDiscovery.ts';
import { HistorySync } from '../sync/historySync.ts';
import { UpdatedAfterSupport } from '../sync/updatedAfterSupport.ts';
import { Connectivity } from './connectivity.ts';
import { KeyAccess } from './keyAccess.ts';
import type { Later } from './later.ts';
import { LibraryRebuilder } from './libraryRebuilder.ts';
import type { SessionOptions } from './sessionOptions.ts';
import type { SessionStores } from './sessionStores.ts';
import { SyncSchedule } from './syncSchedule.ts';

// A session is built in stages (session.ts): its stores (sessionStores.ts), then the stages below,
// each from what the earlier ones made. Where a part reports to one built after it, the reference
// is a `Later` or a hook of the session, named in the stage's inputs.

/** The session's own reactions and state: they reach parts of every stage, so the stages are handed them. */
export type SessionHooks = {
  /** The key may be used again: work held for it goes. */
  unblocked: () => void;
  onlineChanged: (online: boolean) => void;
  /** The session stopped (nothing new starts). */
  stopped: () => boolean;
};

/** The second stage: the way to the service. */
export type ServiceLink = {
  key: KeyAccess;
  connectivity: Connectivity;
  api: ApiClient;
  /** What the service supports, learnt once per connection. */
  discovery: ServiceDiscovery;
  /** Requests may go: the session runs, the service answers, and the key may be used. */
  canSend: () => boolean;
};

/** The third stage: the work done with the service, kept in the stores. */
export type SessionWork = {
  credits: CreditsBook;
  poller: Poller;
  /** The room on the library's disk (`disk.changed`). */
  space: DiskSpace;
  downloader: Downloader;
  queue: JobQueue;
  sync: HistorySync;
};

/** What the third stage's parts report to, built in the fourth on their work. */
export type WorkListeners = { records: Later<RecordFlow>; schedule: Later<SyncSchedule> };

/** The fourth stage: the way of every record through the work, and the upkeep of the library. */
export type SessionUpkeep = { records: RecordFlow; rebuilder: LibraryRebuilder; schedule: SyncSchedule };

export function connectService(options: SessionOptions, stores: Pick<SessionStores, 'facts'>, hooks: SessionHooks): ServiceLink {
  const { profile, apiKey, keyRejected, keyUsed, statusChanged, clock, random, log } = options;
  const key = new KeyAccess({ profile, apiKey, keyRejected, keyUsed, statusChanged, unblocked: hooks.unblocked });
  const connectivity: Connectivity = new Connectivity({
    clock,
    random,
    log,
    // The probe asks through the client below, which tells this connectivity of every answer.
    probe: (): Promise<void> => api.http.send({ method: 'GET', path: '/v1/capabilities', retry: false }).then(() => undefined),
    changed: hooks.onlineChanged,
    problemChanged: () => statusChanged?.(),
  });
  const http: HttpClient = new HttpClient({
    baseUrl: options.baseUrl,
    dispatcher: options.dispatcher,
    apiKey: () => key.key,
    clock,
    random,
    log,
    observer: key.observer(connectivity, options.tuning?.onAttempt),
  });
  const api: ApiClient = new ApiClient(http, log);
  return {
    key,
    connectivity,
    api,
    discovery: new ServiceDiscovery({ api, facts: stores.facts, log }),
    canSend: () => !hooks.stopped() && connectivity.online && key.usable,
  };
}

export function startWork(options: SessionOptions, stores: SessionStores, link: ServiceLink, later: WorkListeners): SessionWork {
  // What the service does with `updated_after`, learnt once per connection (its library).
  const updatedAfter = new UpdatedAfterSupport(stores.library);
  const credits = createCredits(options, stores, link);
  const poller = createPoller(options, link, updatedAfter, later.records);
  // Room on the disk again resumes the downloads and the queue below, which wait on it.
  const space = createDiskSpace(options, stores.media, () => {
    downloader.retryNow();
    queue.spaceBack();
  });
  const downloader = createDownloader(options, stores, link, space, later.records);
  const queue = createQueue(options, stores, link, { credits, space }, later);
  const sync = createSync(options, stores, link, credits, updatedAfter, later.records);
  return { credits, poller, space, downloader, queue, sync };
}

export function joinWork(
  options: SessionOptions,
  stores: SessionStores,
  link: ServiceLink,
  work: SessionWork,
  { stopped }: Pick<SessionHooks, 'stopped'>,
): SessionUpkeep {
  const { library, resources, queries } = stores;
  const { poller, queue, credits, downloader } = work;
  const { settings, emit } = options;
  const records = new RecordFlow({ library, resources, queries, poller, queue, credits, downloader, api: link.api, settings, emit });
  const rebuilder = createRebuilder(options, stores, work, records, stopped);
  const schedule = new SyncSchedule({
    sync: work.sync,
    queue,
    rebuilding: () => stores.health.state === 'rebuilding',
    rebuild: () => rebuilder.run(),
    canSend: link.canSend,
    active: () => !stopped() && link.connectivity.online,
    clock: options.clock,
    random: options.random,
    log: options.log,
    periodMs: options.tuning?.syncPeriodMs,
  });
  return { records, rebuilder, schedule };
}

function createCredits(options: SessionOptions, stores: SessionStores, link: ServiceLink): CreditsBook {
  const { clock, log, emit } = options;
  return new CreditsBook({
    library: stores.library,
    resources: stores.resources,
    api: link.api,
    canFetch: link.canSend,
    clock,
    log,
    changed: (balance) => emit('credits.changed', { balance }),
    refunded: (resourceIds) => {
      for (const job of stores.jobs.failedFor(resourceIds)) emit('job.updated', toJob(job));
    },
  });
}

function createPoller(options: SessionOptions, link: ServiceLink, updatedAfter: UpdatedAfterSupport, records: Later<RecordFlow>): Poller {
  const { clock, random, log, tuning } = options;
  return new Poller({
    updatedAfter,
    api: link.api,
    canPoll: link.canSend,
    observe: (o) => records.get().observe(o),
    clock,
    random,
    log,
    ...(tuning?.pollIntervals ? { intervals: tuning.pollIntervals } : {}),
    ...(tuning?.batchThreshold ? { batchThreshold: tuning.batchThreshold } : {}),
  });
}

/** The room on the library's disk: while it is full, downloads and new paid work wait, and go on once it has room (`back`). */
function createDiskSpace(options: SessionOptions, media: MediaStore, back: () => void): DiskSpace {
  const { clock, log, emit, tuning } = options;
  return new DiskSpace({
    folder: media.root,
    clock,
    log,
    changed: (view) => emit('disk.changed', view),
    back,
    ...(tuning?.diskMarginBytes !== undefined ? { marginBytes: tuning.diskMarginBytes } : {}),
    ...(tuning?.diskCheckMs !== undefined ? { checkMs: tuning.diskCheckMs } : {}),
  });
}

function createDownloader(
  options: SessionOptions,
  stores: SessionStores,
  link: ServiceLink,
  space: DiskSpace,
  records: Later<RecordFlow>,
): Downloader {
  const { clock, random, log, emit } = options;
  const { library, resources, sources, health } = stores;
  return new Downloader({
    library,
    store: stores.media,
    sources,
    dispatcher: options.dispatcher,
    // Addresses that expired or were refused are read again from the service (list pages for many).
    refresher: new SourceRefresher({ library, resources, api: link.api, sources, clock, log }),
    // While a damaged library is rebuilt, files wait until those already on disk are found again.
    // While the disk is full, files wait for room (DiskSpace reads it again and resumes them).
    canDownload: () => link.connectivity.online && health.state !== 'rebuilding' && !space.full,
    space,
    clock,
    random,
    log,
    parallel: options.tuning?.downloadParallel ?? 3,
    events: {
      progress: (p) => emit('download.progress', p),
      failed: (f) => emit('download.failed', f),
      settled: (row) => records.get().downloadSettled(row),
    },
  });
}

function createQueue(
  options: SessionOptions,
  stores: SessionStores,
  link: ServiceLink,
  { credits, space }: Pick<SessionWork, 'credits' | 'space'>,
  later: WorkListeners,
): JobQueue {
  const { clock, random, log, tuning } = options;
  const { library, resources, facts } = stores;
  const { api, key } = link;
  return new JobQueue({
    library,
    store: stores.jobs,
    // The queue's interface asks for the client at each send; this session's client never changes.
    api: () => api,
    canSend: link.canSend,
    keyFingerprint: () => key.fingerprint(),
    balance: () => credits.balance(),
    quote: (operationId, input, target) => createQuote({ api, resources }, operationId, input, target),
    mirror: (accepted) => later.records.get().mirror(accepted),
    accepted: (_job, accepted) => later.records.get().accepted(accepted),
    emit: (job) => options.emit('job.updated', job),
    // How long jobs take here (`queue.estimates`): learned from this library's finished jobs, with
    // options left out read as this service's defaults.
    estimates: new DurationEstimates(new DurationEstimateStore(library), () => facts.capabilities()),
    clock,
    random,
    log,
    keyRetentionMs: () => key.retentionMs,
    diskFull: () => space.full,
    noteWriteFailure: (error) => space.met(error),
    reconciler: new OutcomeReconciler({
      matches: new HistoryMatchStore(library),
      historyPassSince: (at) => later.schedule.get().passSince(at),
      clock,
      log,
      ...(tuning?.reconcileSettleMs !== undefined ? { settleMs: tuning.reconcileSettleMs } : {}),
    }),
    ...(tuning?.concurrency ? { concurrency: tuning.concurrency } : {}),
  });
}

function createSync(
  options: SessionOptions,
  stores: SessionStores,
  link: ServiceLink,
  credits: CreditsBook,
  updatedAfter: UpdatedAfterSupport,
  records: Later<RecordFlow>,
): HistorySync {
  const { library, resources, jobs } = stores;
  return new HistorySync({
    library,
    resources,
    credits,
    api: link.api,
    clock: options.clock,
    log: options.log,
    pageSynced: (synced, removed) => records.get().synced(synced, removed),
    protectedIds: () =>
      new Set(
        jobs
          .inStates(['sending', 'processing'])
          .map((j) => j.resource_id)
          .filter((id): id is string => id !== null),
      ),
    fullEveryMs: options.tuning?.fullSyncPeriodMs,
    updatedAfter,
  });
}

function createRebuilder(
  options: SessionOptions,
  stores: SessionStores,
  work: SessionWork,
  records: RecordFlow,
  stopped: () => boolean,
): LibraryRebuilder {
  const { library, media, queries, health } = stores;
  return new LibraryRebuilder({
    library,
    media,
    queries,
    health,
    sync: work.sync,
    downloader: work.downloader,
    relinked: (rows) => records.relinked(rows),
    rebuild: options.rebuild ?? null,
    stopped,
    clock: options.clock,
    log: options.log,
    emit: options.emit,
  });
}
