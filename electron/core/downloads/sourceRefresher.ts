import type { ResourceKind } from '../../../shared/api/common.ts';
import type { ApiClient } from '../api/apiClient.ts';
import { ServiceError } from '../api/serviceError.ts';
import type { Clock } from '../clock/clock.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import type { ResourceStore } from '../library/resourceStore.ts';
import type { Logger } from '../log/logger.ts';
import type { RecordOf } from '../records/kindRecord.ts';
import { kindRule } from '../records/resourceKinds.ts';
import type { CdnSources } from './cdnSources.ts';
import { DownloadStore, type DownloadRow } from './downloadStore.ts';
import { sourceIdentity } from './signedSource.ts';

export type SourceRefresherDeps = {
  library: LibraryDatabase;
  resources: ResourceStore;
  api: ApiClient;
  /** Keeps sources relative to the connection's CDN, as the downloader does. */
  sources?: CdnSources;
  clock: Clock;
  log: Logger;
};

/** From this many owners of a kind with downloads waiting, their addresses are refreshed by walking the kind's list. */
const WALK_FROM_OWNERS = 10;

/** A walk reads at most a few pages more than one for every this many owners whose addresses it refreshed. */
const OWNERS_PER_PAGE = 50;

/** Pages a walk may read past that, to reach a backlog behind the newest records. */
const SPARE_PAGES = 3;

/** Records a list page holds (resourceKinds.ts asks for 100). */
const PAGE_RECORDS = 100;

/** A download as the refresher needs it: which owner's file it is. */
export type RefreshedDownload = Pick<DownloadRow, 'id' | 'owner_kind' | 'owner_id' | 'role'>;

type AnyRecord = RecordOf[ResourceKind];

/**
 * Fresh addresses for downloads whose address expired or was refused: the owner's record read again
 * from the service, and every waiting download of that owner given the address the record names now
 * (the same file: what was received stays). One download alone reads its record; many at once (a
 * backlog, a new machine syncing a long history) walk the kind's list a page at a time, as far as
 * the downloads asked for need, so a page refreshes up to a hundred owners: about one request per
 * 50 owners at most when the waiting downloads are among the list's newest records (as after a
 * sync, whose order the queue keeps). A backlog behind many finished records is reached by walking
 * the whole list only when that costs fewer requests than a read per owner; else they read alone.
 */
export class SourceRefresher {
  private readonly deps: SourceRefresherDeps;
  private readonly downloads: DownloadStore;
  private readonly walks = new Map<ResourceKind, ListWalk>();
  /** Records being read alone, by kind and id: an owner's files asking together share one read. */
  private readonly reads = new Map<string, Promise<boolean>>();

  constructor(deps: SourceRefresherDeps) {
    this.deps = deps;
    this.downloads = new DownloadStore(deps.library);
  }

  /**
   * The download's source after its record was read again (the same when the record names the same
   * address), or null when the service no longer has the record.
   */
  async fresh(download: RefreshedDownload): Promise<string | null> {
    const kind = download.owner_kind;
    let walk = this.walks.get(kind);
    if (walk || this.downloads.waitingOwners(kind, WALK_FROM_OWNERS) >= WALK_FROM_OWNERS) {
      // An owner this walk already refreshed needs it again (expired since): a new walk from the newest page.
      if (!walk || walk.ended || walk.hasSeen(download.owner_id)) {
        walk = new ListWalk(kind, kindRule(kind).list(this.deps.api), (records) => this.apply(kind, records), this.deps.log);
        walk.wholeList = this.wholeListPages(kind);
        this.walks.set(kind, walk);
      }
      if (await walk.find(download.owner_id)) return this.downloads.byId(download.id)?.url ?? null;
    }
    return this.readOne(download);
  }

  /**
   * Pages a walk may read to cover the whole list when that costs fewer requests than reading each
   * waiting owner's record (a backlog behind many finished records), else 0.
   */
  private wholeListPages(kind: ResourceKind): number {
    const pages = Math.ceil(this.downloads.ownersOf(kind) / PAGE_RECORDS) + SPARE_PAGES;
    return pages < this.downloads.waitingOwners(kind, pages + 1) ? pages : 0;
  }

  /** Reads the owner's record alone (once for all its files asking at the same time). */
  private async readOne(download: RefreshedDownload): Promise<string | null> {
    const key = `${download.owner_kind}:${download.owner_id}`;
    let read = this.reads.get(key);
    if (!read) {
      read = this.readRecord(download.owner_kind, download.owner_id).finally(() => this.reads.delete(key));
      this.reads.set(key, read);
    }
    return (await read) ? (this.downloads.byId(download.id)?.url ?? null) : null;
  }

  /** False when the service no longer has the record. */
  private async readRecord(kind: ResourceKind, id: string): Promise<boolean> {
    try {
      this.apply(kind, [await kindRule(kind).read(this.deps.api, id)]);
      return true;
    } catch (error) {
      if (error instanceof ServiceError && (error.status === 404 || error.status === 410)) return false;
      throw error;
    }
  }

  /**
   * Gives every unfinished download of these records' owners the address its record names now, when
   * it is the same file; answers how many owners had downloads to refresh.
   */
  private apply(kind: ResourceKind, records: readonly AnyRecord[]): number {
    const { library, resources, sources, clock } = this.deps;
    const now = new Date(clock.now()).toISOString();
    const rule = kindRule(kind) as {
      media: (record: AnyRecord, stored: ResourceStore) => { role: string; url: string | null | undefined }[];
    };
    return library.relaxedTransaction(() => {
      let owners = 0;
      for (const record of records) {
        const unfinished = this.downloads.unfinishedOf(kind, record.id);
        if (unfinished.length === 0) continue;
        owners += 1;
        const named = new Map(rule.media(record, resources).map((spec) => [spec.role, spec.url]));
        for (const row of unfinished) {
          const address = named.get(row.role);
          if (!address) continue;
          const source = sources?.toStored(address) ?? address;
          if (source !== row.url && sourceIdentity(source) === sourceIdentity(row.url)) this.downloads.refreshSource(row.id, source, now);
        }
      }
      return owners;
    });
  }
}

/**
 * One walk of a kind's list, newest first, read a page at a time only while someone waits for an
 * owner it has not reached: downloads taken in the queue's order (the order history sync recorded
 * them, the list's) find their owner on the page just read or the next one.
 */
class ListWalk {
  readonly kind: ResourceKind;
  ended = false;
  /** Pages it may read whatever they refresh: the whole list, when that is cheaper than a read per owner. */
  wholeList = 0;
  private readonly pages: AsyncIterator<AnyRecord[]>;
  private readonly apply: (records: readonly AnyRecord[]) => number;
  private readonly log: Logger;
  private readonly seen = new Set<string>();
  private readonly waiting = new Map<string, ((found: boolean) => void)[]>();
  private reading = false;
  private pagesRead = 0;
  private owners = 0;

  constructor(kind: ResourceKind, pages: AsyncIterable<AnyRecord[]>, apply: (records: readonly AnyRecord[]) => number, log: Logger) {
    this.kind = kind;
    this.pages = pages[Symbol.asyncIterator]();
    this.apply = apply;
    this.log = log;
  }

  hasSeen(id: string): boolean {
    return this.seen.has(id);
  }

  /** True once a page named the owner (its downloads refreshed), false when the walk ended without it. */
  find(id: string): Promise<boolean> {
    if (this.seen.has(id)) return Promise.resolve(true);
    if (this.ended) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      this.waiting.set(id, [...(this.waiting.get(id) ?? []), resolve]);
      void this.advance();
    });
  }

  private async advance(): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    try {
      while (this.waiting.size > 0 && !this.ended) await this.readPage();
    } finally {
      this.reading = false;
    }
  }

  private async readPage(): Promise<void> {
    // Pages that refresh nobody's downloads are bounded: past the budget, the rest read their records alone.
    if (this.pagesRead >= Math.max(this.wholeList, SPARE_PAGES + this.owners / OWNERS_PER_PAGE)) return this.end();
    let next: IteratorResult<AnyRecord[]>;
    try {
      next = await this.pages.next();
    } catch (error) {
      this.log.warn('Reading a list to refresh file addresses failed; the files ask their records one by one.', {
        kind: this.kind,
        error: error instanceof Error ? error.message : 'unknown',
      });
      return this.end();
    }
    if (next.done) return this.end();
    this.pagesRead += 1;
    this.owners += this.apply(next.value);
    for (const record of next.value) {
      this.seen.add(record.id);
      for (const resolve of this.waiting.get(record.id) ?? []) resolve(true);
      this.waiting.delete(record.id);
    }
  }

  private end(): void {
    this.ended = true;
    for (const resolvers of this.waiting.values()) for (const resolve of resolvers) resolve(false);
    this.waiting.clear();
  }
}
