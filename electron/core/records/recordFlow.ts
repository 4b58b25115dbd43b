import type { ResourceKind } from '../../../shared/api/index.ts';
import { appError, type Settings } from '../../../shared/ipc/index.ts';
import type { CreditsBook } from '../account/creditsBook.ts';
import type { ApiClient } from '../api/apiClient.ts';
import type { Downloader, DownloadRow, MediaWant } from '../downloads/downloader.ts';
import type { Accepted } from '../jobs/acceptedAnswer.ts';
import type { JobQueue } from '../jobs/jobQueue.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import type { LibraryQueryStore } from '../library/libraryQueryStore.ts';
import type { ResourceStore } from '../library/resourceStore.ts';
import type { Observation, Poller } from '../poller/poller.ts';
import type { KindId, KindRecord } from './kindRecord.ts';
import { kindRule, type Emit, type KindViews } from './resourceKinds.ts';

export type RecordFlowDeps = {
  library: LibraryDatabase;
  resources: ResourceStore;
  queries: LibraryQueryStore;
  poller: Pick<Poller, 'track' | 'untrack' | 'isTracking'>;
  queue: Pick<JobQueue, 'resourceSettled'>;
  credits: Pick<CreditsBook, 'setBalance' | 'refreshSoon'>;
  downloader: Pick<Downloader, 'wantMany' | 'forgetOwner'>;
  api: Pick<ApiClient, 'character'>;
  settings: () => Settings;
  emit: Emit;
};

/**
 * The way of every record through core: mirrored into the library, its job settled, its files
 * wanted, its following started or ended, its events sent. What differs by kind is read from the
 * table of kinds (resourceKinds.ts).
 */
export class RecordFlow {
  private readonly deps: RecordFlowDeps;
  private readonly views: KindViews;

  constructor(deps: RecordFlowDeps) {
    this.deps = deps;
    this.views = { emit: deps.emit, queries: deps.queries, resources: deps.resources };
  }

  /** An accepted answer's record, written in the transaction that marks its job accepted. */
  mirror(accepted: Accepted): void {
    const m = accepted.mirror;
    if (m) mirrorRecord(this.deps.resources, m);
  }

  /** After a job's answer is committed: the balance, the item's events, and its following. */
  accepted(accepted: Accepted): void {
    const { credits, poller } = this.deps;
    if (accepted.creditsRemaining !== null) credits.setBalance(accepted.creditsRemaining);
    credits.refreshSoon();
    kindRule(accepted.resourceKind).updated(accepted.resourceId, this.views);
    if (accepted.settled) {
      // Revert answers with the restored version: read the character once to mirror it.
      void this.deps.api
        .character(accepted.resourceId)
        .then((record) => this.observe({ kind: 'character', record }))
        .catch(() => poller.track('character', accepted.resourceId));
    } else {
      poller.track(accepted.resourceKind, accepted.resourceId);
      // A new character's own creation is a generation too (spec 2.3, type `character_create`): followed
      // with it, its portrait reaches the gallery once it is ready, not at the next pass of history sync.
      if (accepted.resourceKind === 'character' && accepted.chargeRef) poller.track('generation', accepted.chargeRef);
    }
  }

  /** Every fresh record from the poller (or a one-off read) lands here. */
  observe(o: Observation): void {
    if ('deleted' in o) {
      this.deps.queue.resourceSettled(o.kind, o.deleted, false, appError('deleted_before_done', {}));
      this.forget(o.kind, o.deleted);
      return;
    }
    this.deps.library.transaction(() => mirrorRecord(this.deps.resources, o));
    this.afterRecord(o, true);
  }

  /** A committed page of history sync: a page's downloads and gallery items go out together. */
  synced(records: readonly KindRecord[], removed: readonly KindId[]): void {
    const items: string[] = [];
    const wants: MediaWant[] = [];
    for (const r of records) {
      if (kindRule(r.kind).inGallery) items.push(r.record.id);
      this.afterRecord(r, false, wants);
    }
    // A page's downloads are recorded together (one commit, one pump).
    if (wants.length) this.deps.downloader.wantMany(wants);
    if (items.length) this.deps.emit('library.updated', { items: this.deps.queries.items(items), removedIds: [] });
    for (const r of removed) this.forget(r.kind, r.id);
  }

  /**
   * Drops a resource from the library (deleted here or on the service): its rows, its following,
   * and the files no other item shares.
   */
  forget(kind: ResourceKind, id: string): void {
    this.deps.downloader.forgetOwner(kind, id, () => this.deps.resources.remove(kind, id));
    this.deps.poller.untrack(kind, id);
    kindRule(kind).removed(id, this.deps.emit);
  }

  /** A download of a record's file finished or failed for good. */
  downloadSettled(row: DownloadRow): void {
    kindRule(row.owner_kind).mediaSettled(row.owner_id, this.views);
  }

  /** Owners whose files were found again after a rebuild; gallery items in batches like a sync page's. */
  relinked(rows: readonly DownloadRow[]): void {
    const items = [...new Set(rows.filter((r) => kindRule(r.owner_kind).inGallery).map((r) => r.owner_id))];
    for (let i = 0; i < items.length; i += 200)
      this.deps.emit('library.updated', { items: this.deps.queries.items(items.slice(i, i + 200)), removedIds: [] });
    for (const row of rows) if (!kindRule(row.owner_kind).inGallery) this.downloadSettled(row);
  }

  /** Events, job settlement, downloads and following for one fresh record; `wants` collects a page's downloads. */
  private afterRecord(r: KindRecord, single: boolean, wants: MediaWant[] = []): void {
    const { poller } = this.deps;
    const rule = kindRule(r.kind);
    const { id, status } = r.record;
    if (!rule.terminal.includes(status)) {
      if (!poller.isTracking(r.kind, id)) poller.track(r.kind, id);
    } else {
      if (poller.isTracking(r.kind, id)) poller.untrack(r.kind, id);
      const ok = status === rule.succeeded;
      const error = 'error_message' in r.record ? (r.record.error_message ?? null) : null;
      this.deps.queue.resourceSettled(r.kind, id, ok, ok ? null : appError('generation_failed', {}, { serviceMessage: error }));
      if (ok) wants.push(...this.mediaOf(r));
      if (!ok && single) this.deps.credits.refreshSoon();
    }
    if (single && wants.length) this.deps.downloader.wantMany(wants);
    if (single) rule.updated(id, this.views);
  }

  /** The files a succeeded record names that this app fetches now. */
  private mediaOf<K extends ResourceKind>(r: KindRecord<K>): MediaWant[] {
    const auto = this.deps.settings().autoDownload;
    return kindRule<K>(r.kind)
      .media(r.record, this.deps.resources)
      .filter((spec) => spec.url && (auto || !spec.onlyWithAutoDownload))
      .map((spec) => ({ ownerKind: r.kind, ownerId: r.record.id, role: spec.role, url: spec.url }));
  }
}

/** Writes a record into the mirror by its kind's rule. */
export function mirrorRecord<K extends ResourceKind>(store: ResourceStore, r: KindRecord<K>): void {
  kindRule<K>(r.kind).mirror(store, r.record);
}
