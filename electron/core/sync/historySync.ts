import type { ApiClient } from '../api/apiClient.ts';
import type { CreditsBook } from '../account/creditsBook.ts';
import type { Clock } from '../clock/clock.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import type { ResourceStore } from '../library/resourceStore.ts';
import type { Logger } from '../log/logger.ts';
import type { KindId, KindRecord, ResourceKind } from '../records/kindRecord.ts';
import { ServiceError } from '../api/serviceError.ts';
import { readAhead } from './readAhead.ts';
import { olderThanAsked, type UpdatedAfterSupport } from './updatedAfterSupport.ts';

export type SyncDeps = {
  library: LibraryDatabase;
  resources: ResourceStore;
  credits: CreditsBook;
  api: ApiClient;
  clock: Clock;
  log: Logger;
  /** After each page is committed: events, downloads and following of what is still in flight; `removed` are to be forgotten. */
  pageSynced: (records: KindRecord[], removed: KindId[]) => void;
  /** Resource ids that local jobs still follow: never deleted by a sync. */
  protectedIds: () => Set<string>;
  /** A full pass runs when the last one is older than this, so deletes made elsewhere show up. */
  fullEveryMs?: number;
  /** What this connection's service does with `updated_after` (remembered per connection). */
  updatedAfter?: Pick<UpdatedAfterSupport, 'usable' | 'remember'>;
};

const FULL_EVERY_MS = 60 * 60 * 1_000;

/**
 * History sync: on first connection every record comes through cursor pages; afterwards only what
 * changed (generations by `updated_after`; the smaller collections are listed whole, which also
 * reflects their deletes). A full pass removes local records the service no longer has.
 */
export class HistorySync {
  private readonly deps: SyncDeps;
  private running: Promise<void> | null = null;

  constructor(deps: SyncDeps) {
    this.deps = deps;
  }

  get lastFullAt(): string | null {
    return this.deps.library.meta('sync.full_at');
  }

  /** When the last completed pass began. */
  get lastPassAt(): string | null {
    return this.deps.library.meta('sync.last_at');
  }

  /** One pass; `full` forces a complete listing (deletes of generations show only in full passes). */
  run(options: { full?: boolean } = {}): Promise<void> {
    if (!this.running) {
      this.running = this.pass(options.full ?? false).finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  private async pass(forceFull: boolean): Promise<void> {
    const { api, library, log, clock } = this.deps;
    const last = this.lastFullAt;
    const full = forceFull || last === null || clock.now() - Date.parse(last) > (this.deps.fullEveryMs ?? FULL_EVERY_MS);
    const started = new Date(clock.now()).toISOString();
    log.info(full ? 'Full history sync.' : 'Incremental history sync.');

    const characters = await this.collect(
      api.characters({ limit: 100 }),
      (r) => ({ kind: 'character', record: r }),
      (r) => this.deps.resources.upsertCharacter(r),
    );
    this.removeMissing('character', characters, started);

    await this.syncVoices(api, started);

    const audio = await this.collect(
      api.audioTracks({ limit: 100 }),
      (r) => ({ kind: 'audio', record: r }),
      (r) => this.deps.resources.upsertAudio(r),
    );
    this.removeMissing('audio', audio, started);

    const since = library.meta('sync.generations_since');
    const generations = new Set<string>();
    let newestDate: string | null;
    try {
      newestDate = await this.syncGenerations(api, full ? null : since, generations);
    } catch (error) {
      if (!(since && !full && error instanceof ServiceError && (error.code === 'validation_error' || error.code === 'invalid_filter')))
        throw error;
      log.warn('The service does not filter by updated_after; incremental syncs read the newest pages instead.');
      this.deps.updatedAfter?.remember('refused');
      newestDate = await this.syncGenerations(api, since, generations);
    }
    if (full) this.removeMissing('generation', generations, started);

    await this.deps.credits.pullUsage(api, full);
    this.deps.credits.storeAccount(await api.account());

    // The next incremental pass reads from a little before this one began (server clock when known).
    const base = newestDate ? Date.parse(newestDate) : Date.parse(started);
    library.setMeta('sync.generations_since', new Date(base - 60_000).toISOString());
    if (full) library.setMeta('sync.full_at', started);
    library.setMeta('sync.last_at', started);
  }

  private async syncVoices(api: ApiClient, started: string): Promise<void> {
    const { library } = this.deps;
    const voiceIds = new Set<string>();
    for await (const page of readAhead(api.voices({ limit: 100 }))) {
      const records = [...page.voices, ...page.presets];
      library.relaxedTransaction(() => records.forEach((v) => this.deps.resources.upsertVoice(v)));
      records.forEach((v) => voiceIds.add(v.id));
      this.deps.pageSynced(
        records.map((record) => ({ kind: 'voice', record })),
        [],
      );
    }
    this.removeMissing('voice', voiceIds, started);
  }

  /**
   * Generations since `since` (all of them when null). Where `updated_after` is not applied, an
   * incremental pass reads pages until one brings nothing new or changed: spec 4.2 states no order,
   * so a change further down waits for the next full pass (hourly), but the cost of a pass stays a
   * few pages instead of the whole history. Returns the first page's Date header.
   */
  private async syncGenerations(api: ApiClient, since: string | null, seen: Set<string>): Promise<string | null> {
    const { library, resources, log } = this.deps;
    let filtered = since !== null && (this.deps.updatedAfter?.usable ?? true);
    let newestDate: string | null = null;
    // Each page is one transaction, committed without waiting for the disk: the mirror can be
    // listed again, and the FULL commit of `sync.generations_since` after the last page makes the
    // whole pass durable at once (a power cut before it only means this pass runs again).
    for await (const page of readAhead(api.generations(since && filtered ? { limit: 100, updated_after: since } : { limit: 100 }))) {
      if (page.date && newestDate === null) newestDate = page.date;
      if (since && filtered && page.items.some((g) => olderThanAsked(g, Date.parse(since)))) {
        log.warn('The service ignores updated_after; incremental syncs read the newest pages instead.');
        this.deps.updatedAfter?.remember('ignored');
        filtered = false;
      }
      const news = page.items.some((g) => !resources.holdsGeneration(g));
      library.relaxedTransaction(() => page.items.forEach((g) => resources.upsertGeneration(g)));
      page.items.forEach((g) => seen.add(g.id));
      this.deps.pageSynced(
        page.items.map((record) => ({ kind: 'generation', record })),
        [],
      );
      if (since && !filtered && !news) break;
    }
    return newestDate;
  }

  private async collect<T extends { id: string }>(
    pages: AsyncGenerator<{ items: T[] }>,
    wrap: (r: T) => KindRecord,
    upsert: (r: T) => void,
  ): Promise<Set<string>> {
    const seen = new Set<string>();
    for await (const page of readAhead(pages)) {
      this.deps.library.relaxedTransaction(() => page.items.forEach(upsert));
      page.items.forEach((r) => seen.add(r.id));
      this.deps.pageSynced(page.items.map(wrap), []);
    }
    return seen;
  }

  /**
   * Local records the listing did not show are gone on the service, except records written after the
   * pass began (a job accepted meanwhile) and those a local job still follows.
   */
  private removeMissing(kind: ResourceKind, seen: Set<string>, passStarted: string): void {
    const protectedIds = this.deps.protectedIds();
    const local = this.deps.resources.idsSyncedBefore(kind, passStarted);
    const gone = local.filter((id) => !seen.has(id) && !protectedIds.has(id));
    if (gone.length === 0) return;
    this.deps.log.info('Sync removed records deleted on the service.', { kind, count: gone.length });
    this.deps.pageSynced(
      [],
      gone.map((id) => ({ kind, id })),
    );
  }
}
