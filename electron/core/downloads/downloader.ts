import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream, rmSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Dispatcher } from 'undici';
import type { ResourceKind } from '../../../shared/api/common.ts';
import { backoffMs, DEFAULT_RETRY } from '../api/retryPolicy.ts';
import type { Clock } from '../clock/clock.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import type { Logger } from '../log/logger.ts';
import type { CdnSources } from './cdnSources.ts';
import type { DiskSpace } from './diskSpace.ts';
import { isDiskFull } from '../library/diskFull.ts';
import { expectedHash, guessType, headerOf, HttpStatusError, startingPoint } from './fileAnswer.ts';
import { DownloadStore, type DownloadFailure, type DownloadRow, type IndexedFile } from './downloadStore.ts';
import type { MediaStore } from './mediaStore.ts';
import { MediaBound, mediaKindOf, RefusedDownload } from './mediaBounds.ts';
import { hopRefusal, sourceRefusal } from './mediaOrigin.ts';
import { addressRefusal } from '../api/addressGuard.ts';
import type { AppError } from '../../../shared/ipc/index.ts';
import type { ServiceDispatcher } from '../api/dispatcher.ts';
import { openSource } from './openSource.ts';
import { RedirectRefused, type HopCheck } from './redirectHops.ts';
import { readStoredDownloadError } from './storedDownloadError.ts';
import { longerLived, sourceIdentity } from './signedSource.ts';
import type { SourceRefresher } from './sourceRefresher.ts';

export type { DownloadFailure, DownloadRow } from './downloadStore.ts';

/** A file an owner should have in the store (`url` null or not http(s): nothing to fetch). */
export type MediaWant = { ownerKind: ResourceKind; ownerId: string; role: string; url: string | null | undefined };

export type DownloadEvents = {
  progress(p: { mediaId: string; itemId: string | null; role: string; received: number; total: number | null; done: boolean }): void;
  /** A file landed (or failed for good): the owner's views changed. */
  settled(row: DownloadRow): void;
  /** A file failed for good: `error` says why, for the page to word. */
  failed?(f: { mediaId: string; itemId: string | null; role: string; error: AppError }): void;
};

export type DownloaderDeps = {
  library: LibraryDatabase;
  store: MediaStore;
  /** Turns addresses into stored sources and back, against the connection's CDN; without it sources stay whole addresses. */
  sources?: CdnSources;
  dispatcher: ServiceDispatcher;
  /** Reads records again for addresses that expired or were refused; without it addresses are used as they are. */
  refresher?: SourceRefresher;
  /** Checks every address of a file request (the first and each redirect) before a request goes to it. */
  checkHop?: HopCheck;
  canDownload: () => boolean;
  clock: Clock;
  random: () => number;
  log: Logger;
  events: DownloadEvents;
  parallel?: number;
  maxAttempts?: number;
  /**
   * The disk's room: a file is started only when its declared length fits with a margin, and one
   * that meets a full disk waits for space instead of failing. Without it a full disk fails the file.
   */
  space?: DiskSpace;
};

/** A verified file in place, waiting to be indexed. */
type Landed = IndexedFile & { row: DownloadRow };

class DiskFullError extends Error {}
class VerificationError extends Error {}
/** Most downloads asked for on demand that wait their turn ahead of the queue; older asks fall back to the queue's order. */
const MAX_URGENT = 1_000;

/** Most bytes the file stream gathers into one write (and read at a time when hashing a resumed part). */
const STREAM_BUFFER_BYTES = 1024 * 1024;

/**
 * Brings every finished output into the content-addressed store: resumable with byte ranges,
 * verified by size and (where the CDN states it) hash, a bounded number at a time. A file is
 * indexed only after it is complete and in place; a full disk leaves nothing half-indexed.
 */
export class Downloader {
  private readonly deps: DownloaderDeps;
  private readonly downloads: DownloadStore;
  /** Downloads holding a transfer slot. */
  private readonly active = new Set<string>();
  /** Downloads whose bytes are in, being placed and indexed: no slot, but not to be started again. */
  private readonly finishing = new Set<string>();
  private readonly runs = new Set<Promise<void>>();
  private readonly retryAt = new Map<string, number>();
  /** Downloads someone is waiting for (an opened item, a tile on screen): taken before the queue's order. */
  private readonly urgent = new Set<string>();
  private timer: unknown = null;
  private pumpQueued = false;
  /** Consecutive downloads that could not reach their server, and the queue's wait that follows. */
  private unreachableStreak = 0;
  private pausedUntil = 0;
  /** Placed files waiting for their shared index commit. */
  private readonly landed: { file: Landed; resolve: () => void; reject: (error: unknown) => void }[] = [];
  /** Waiters of `idle()`, woken when a download ends. */
  private readonly ended = new Set<() => void>();
  private stopped = false;
  private readonly abort = new AbortController();

  constructor(deps: DownloaderDeps) {
    this.deps = deps;
    this.downloads = new DownloadStore(deps.library);
  }

  /** Records that `url` should be in the store for this owner and role; starts it when possible. */
  want(ownerKind: ResourceKind, ownerId: string, role: string, url: string | null | undefined): void {
    if (this.deps.library.relaxedTransaction(() => this.record(ownerKind, ownerId, role, url))) this.pumpSoon();
  }

  /**
   * Many wants in one transaction (a sync page): one commit instead of one per file, and one pump
   * for the lot instead of one each.
   */
  wantMany(wants: readonly MediaWant[]): void {
    const added = this.deps.library.relaxedTransaction(
      () => wants.filter((w) => this.record(w.ownerKind, w.ownerId, w.role, w.url)).length,
    );
    if (added > 0) this.pumpSoon();
  }

  /** Writes the download row; true when there is something new to fetch. */
  private record(ownerKind: ResourceKind, ownerId: string, role: string, address: string | null | undefined): boolean {
    if (!address || !/^https?:\/\//.test(address)) return false;
    // The same file at a CDN address that moved is the same source: nothing new to fetch.
    const url = this.deps.sources?.toStored(address) ?? address;
    const now = this.nowIso();
    const existing = this.downloads.find(ownerKind, ownerId, role);
    // The same file at a freshly signed address is no new download: one still to fetch keeps the address valid longer.
    if (existing && existing.state !== 'removed' && sourceIdentity(existing.url) === sourceIdentity(url)) {
      const kept = longerLived(existing.url, url);
      if (kept !== existing.url && existing.state !== 'done') this.downloads.refreshSource(existing.id, kept, now);
      return false;
    }
    if (existing) {
      this.downloads.restartFrom(existing.id, url, now);
      rmSync(this.deps.store.partialPath(existing.id), { force: true });
    } else {
      this.downloads.insertPending(ownerKind, ownerId, role, url, now);
    }
    return true;
  }

  /** One pump after the current synchronous work (a burst of wants), not one per want. */
  private pumpSoon(): void {
    if (this.pumpQueued) return;
    this.pumpQueued = true;
    queueMicrotask(() => {
      this.pumpQueued = false;
      this.pump();
    });
  }

  /** Puts a finished or failed download back in line (library check, user retry). */
  requeue(id: string): void {
    this.downloads.requeue(id);
    this.retryAt.delete(id);
    this.pump();
  }

  /**
   * Fetches an owner's file now, ahead of the queue: records it when `address` is new, puts it back
   * in line when it failed, and lets it skip the wait of an earlier interrupted attempt. False when
   * there is nothing to fetch (no address and no download, or the file is already in).
   */
  fetchNow(ownerKind: ResourceKind, ownerId: string, role: string, address: string | null | undefined): boolean {
    this.deps.library.relaxedTransaction(() => this.record(ownerKind, ownerId, role, address));
    const row = this.downloads.find(ownerKind, ownerId, role);
    if (!row || row.state === 'done') return false;
    if (row.state !== 'pending') this.downloads.requeue(row.id);
    this.retryAt.delete(row.id);
    this.urgent.delete(row.id);
    this.urgent.add(row.id);
    if (this.urgent.size > MAX_URGENT) this.urgent.delete(this.urgent.values().next().value as string);
    this.pumpSoon();
    return true;
  }

  /**
   * The connection is back: downloads that failed only because their server could not be reached
   * go back in line, and the queue stops waiting out the unreachable spell.
   */
  connectionBack(): void {
    this.unreachableStreak = 0;
    this.pausedUntil = 0;
    try {
      const changes = this.downloads.requeueUnreachable();
      if (changes > 0) this.deps.log.info('Downloads that could not reach their server are back in line.', { count: changes });
    } catch (error) {
      // A full disk refuses the write: those downloads wait for the next time the connection comes back.
      this.deps.space?.met(error);
      this.deps.log.error('Downloads that could not reach their server could not be put back in line.', { error });
    }
    this.pump();
  }

  /** Waiting downloads skip the wait of their earlier interrupted attempts. */
  retryNow(): void {
    this.retryAt.clear();
    this.pump();
  }

  pending(): number {
    return this.downloads.pendingCount();
  }

  /** Files not in place yet: waiting (or on their way) and failed for good. */
  notInPlace(): { pending: number; failed: number } {
    return this.downloads.notInPlace();
  }

  /**
   * Forgets an owner and the files only it had: in one library transaction, its finished
   * downloads' content is noted, `removeRecord` removes the record (and marks its downloads
   * removed), and the index rows no other finished download still has go. The files go after
   * the commit: a crash in between leaves an orphan the library check removes.
   */
  forgetOwner(kind: ResourceKind, id: string, removeRecord: () => void): void {
    const contentIds = this.deps.library.transaction(() => {
      const owned = this.downloads.doneContentOf(kind, id);
      removeRecord();
      for (const contentId of owned) this.downloads.dropMediaIfUnreferenced(contentId);
      return owned;
    });
    for (const contentId of contentIds) {
      if (!this.downloads.hasMedia(contentId)) this.deps.store.remove(contentId);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.abort.abort(new Error('core stopping'));
    await Promise.allSettled([...this.runs]);
  }

  /** Resolves when nothing is pending or active (tests and the crash runner wait on it). */
  async idle(timeoutMs = 60_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (this.active.size === 0 && this.finishing.size === 0 && this.pending() === 0) return;
      // Checked again when a download ends (or after 50 ms, for retries waiting on a timer).
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          clearTimeout(timer);
          this.ended.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, 50);
        this.ended.add(wake);
      });
    }
    throw new Error('Downloads did not finish in time.');
  }

  pump(): void {
    if (this.stopped || !this.deps.canDownload()) return;
    const parallel = this.deps.parallel ?? 3;
    if (this.active.size >= parallel) return;
    const now = this.deps.clock.now();
    if (now < this.pausedUntil) {
      if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
      this.timer = this.deps.clock.setTimeout(() => ((this.timer = null), this.pump()), this.pausedUntil - now);
      return;
    }
    // Enough rows to fill every free slot: the active, finishing and waiting-to-retry ones are among them.
    const rows = this.downloads.nextPending(parallel + this.finishing.size + this.retryAt.size);
    let soonest = Number.POSITIVE_INFINITY;
    for (const row of [...this.urgentRows(), ...rows]) {
      if (this.active.size >= parallel) break;
      if (this.active.has(row.id) || this.finishing.has(row.id)) continue;
      const at = this.retryAt.get(row.id) ?? 0;
      if (at > now) {
        soonest = Math.min(soonest, at);
        continue;
      }
      this.active.add(row.id);
      this.urgent.delete(row.id);
      const run = this.run(row).finally(() => {
        this.active.delete(row.id);
        this.finishing.delete(row.id);
        this.runs.delete(run);
        this.pump();
        for (const wake of [...this.ended]) wake();
      });
      this.runs.add(run);
    }
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = Number.isFinite(soonest) ? this.deps.clock.setTimeout(() => ((this.timer = null), this.pump()), soonest - now) : null;
  }

  /** The pending downloads asked for on demand, oldest ask first; the ones no longer pending are forgotten. */
  private urgentRows(): DownloadRow[] {
    const rows: DownloadRow[] = [];
    for (const id of [...this.urgent]) {
      if (this.active.has(id) || this.finishing.has(id)) continue;
      const row = this.downloads.pendingById(id);
      if (row) {
        // Asked for now: an earlier attempt's wait does not apply.
        this.retryAt.delete(id);
        rows.push(row);
      } else this.urgent.delete(id);
      if (rows.length >= (this.deps.parallel ?? 3)) break;
    }
    return rows;
  }

  private async run(row: DownloadRow): Promise<void> {
    const partial = this.deps.store.partialPath(row.id);
    try {
      await this.land(row, partial);
    } catch (error) {
      if (this.stopped) return;
      try {
        this.failed(row, partial, error);
      } catch (failure) {
        // Recording the failure failed too (a full disk refuses that write as well): the row keeps
        // what was last committed and is tried again; nothing is thrown out of the queue.
        this.unrecorded(row, failure);
      }
    }
  }

  /** An attempt whose outcome the library could not record: it waits (for space, when that is why) and is tried again. */
  private unrecorded(row: DownloadRow, error: unknown): void {
    const full = this.deps.space?.met(error) ?? false;
    this.retryAt.set(row.id, this.deps.clock.now() + 5_000);
    this.deps.log.error(full ? 'A download waits: the disk is full.' : 'Recording a download’s outcome failed; it is tried again.', {
      download: row.id,
      error,
    });
  }

  /** Fetches the file, puts it in place and indexes it, then says it landed. */
  private async land(row: DownloadRow, partial: string): Promise<void> {
    const { contentId, size, contentType } = await this.fetchInto(row, partial);
    this.unreachableStreak = 0;
    // The transfer is over: its slot goes to the next file while this one is placed and indexed.
    this.active.delete(row.id);
    this.finishing.add(row.id);
    this.pump();
    // Into place first, then indexed: a crash between the two leaves an orphan file that the
    // library check removes, never an index entry pointing at nothing.
    await this.deps.store.place(partial, contentId);
    await this.index({ row, contentId, size, contentType });
    this.retryAt.delete(row.id);
    const done = this.downloads.byId(row.id);
    this.deps.events.progress({ mediaId: row.id, itemId: row.owner_id, role: row.role, received: size, total: size, done: true });
    if (done) this.deps.events.settled(done);
  }

  /** An attempt that did not land: failed for good (a full disk, a file gone, too many tries) or waiting to resume. */
  private failed(row: DownloadRow, partial: string, error: unknown): void {
    const now = this.nowIso();
    if ((error instanceof DiskFullError || isDiskFull(error)) && this.deps.space) {
      // No room: the file waits, still pending, until the disk has room again (nothing to write now).
      rmSync(partial, { force: true });
      this.deps.space.met(error instanceof DiskFullError ? error.cause : error);
      this.deps.log.warn('A download waits for space on the disk.', { download: row.id });
      return;
    }
    if (error instanceof DiskFullError) {
      rmSync(partial, { force: true });
      this.downloads.failDiskFull(row.id, now);
      this.deps.log.error('Download stopped: the disk is full.', { download: row.id });
      this.settledAgain(row.id);
      return;
    }
    // Refused (too large, or from where media are not fetched): nothing of it is kept, and trying again changes nothing.
    const refused = refusalOf(error);
    if (error instanceof VerificationError || refused) rmSync(partial, { force: true });
    const attempts = row.attempts + 1;
    if (error instanceof RedirectRefused) {
      this.downloads.failFor(row.id, 'error', error.error, attempts, now);
      this.deps.log.warn('A download failed: its redirect was refused.', { download: row.id, error: error.message });
      this.settledAgain(row.id);
      return;
    }
    const gone = error instanceof HttpStatusError && (error.status === 404 || error.status === 410 || error.status === 403);
    if (gone || refused || attempts >= (this.deps.maxAttempts ?? 8)) {
      const failure: DownloadFailure = gone ? 'gone' : isUnreachable(error) ? 'unreachable' : 'error';
      this.downloads.failFor(
        row.id,
        failure,
        refused ?? (gone ? { code: 'download_gone', params: {} } : failedError(error)),
        attempts,
        now,
      );
      this.deps.log.warn('A download failed for good.', {
        download: row.id,
        failure,
        error: error instanceof Error ? error.message : 'unknown',
      });
      this.settledAgain(row.id);
      return;
    }
    this.retryLater(row, partial, attempts, error, now);
  }

  /** Tells the download's owner where it stands now (and the page why, when it failed for good). */
  private settledAgain(id: string): void {
    const row = this.downloads.byId(id);
    if (!row) return;
    this.deps.events.settled(row);
    const error = row.state === 'failed' ? readStoredDownloadError(row) : null;
    if (error) this.deps.events.failed?.({ mediaId: row.id, itemId: row.owner_id, role: row.role, error });
  }

  /** Counts the attempt and waits before the next one (the whole queue waits when the CDN cannot be reached). */
  private retryLater(row: DownloadRow, partial: string, attempts: number, error: unknown, now: string): void {
    const { library, clock, random, log } = this.deps;
    library.relaxedTransaction(() => this.downloads.noteAttempt(row.id, attempts, sizeOf(partial), failedError(error), now));
    this.retryAt.set(row.id, clock.now() + Math.max(500, backoffMs(DEFAULT_RETRY, attempts, random)));
    if (isUnreachable(error)) {
      // The CDN cannot be reached at all: the whole queue waits (backing off while it stays so)
      // instead of failing through every pending file at once, a connection attempt each.
      this.unreachableStreak += 1;
      this.pausedUntil = clock.now() + Math.max(500, backoffMs(DEFAULT_RETRY, this.unreachableStreak, random));
    }
    log.warn('A download was interrupted; it will resume.', {
      download: row.id,
      received: sizeOf(partial),
      error: error instanceof Error ? error.message : 'unknown',
    });
  }

  private nowIso(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }

  /**
   * Indexes a placed file. Files that land in the same turn of the event loop share one commit,
   * made without an fsync on the main thread (a relaxed transaction: lost only to a power cut, and
   * then the file is an orphan the library check removes and the row is pending again, as after a
   * crash between placing and indexing). Still indexed only after the file is in place; a batch
   * that fails is retried one file at a time, so one bad row fails only its own download.
   */
  private index(file: Landed): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.landed.push({ file, resolve, reject });
      if (this.landed.length === 1) setImmediate(() => this.indexLanded());
    });
  }

  private indexLanded(): void {
    const batch = this.landed.splice(0);
    const { library } = this.deps;
    const now = this.nowIso();
    try {
      library.relaxedTransaction(() => batch.forEach((b) => this.indexOne(b.file, now)));
      batch.forEach((b) => b.resolve());
    } catch {
      for (const b of batch) {
        try {
          library.relaxedTransaction(() => this.indexOne(b.file, now));
          b.resolve();
        } catch (error) {
          b.reject(error);
        }
      }
    }
  }

  private indexOne({ row, ...file }: Landed, now: string): void {
    this.downloads.markDone(row, file, now);
  }

  /** How large the download's file may be, by what it is. */
  private boundOf(row: DownloadRow): MediaBound {
    const type = row.owner_kind === 'generation' ? this.downloads.generationType(row.owner_id) : null;
    return new MediaBound(mediaKindOf(row.owner_kind, row.role, type));
  }

  /** Throws `DiskFullError` before a byte is written when the free space cannot hold `needed` bytes. */
  private async makeRoom(body: Dispatcher.ResponseData['body'], needed: number | null): Promise<void> {
    if (needed === null || !this.deps.space || (await this.deps.space.room(needed))) return;
    // Not a byte of it is written: the answer is dropped (its abort is expected, not an error to report).
    body.on('error', () => {});
    body.destroy();
    throw new DiskFullError('no room for the file', { cause: Object.assign(new Error('no room'), { code: 'ENOSPC' }) });
  }

  /**
   * The rules every address of a file request meets before a request goes to it: the record's own
   * address (and a fresh one read again) only on the connection's CDN, each redirect hop by
   * `hopRefusal`, then whatever the session adds.
   */
  private hopCheck(): HopCheck | undefined {
    const { sources, checkHop } = this.deps;
    if (!sources) return checkHop;
    return (url, hop, from) => {
      const refused = from === null ? sourceRefusal(url, sources.address) : hopRefusal(from, url, sources.address);
      if (refused) throw new RefusedDownload(refused);
      return checkHop?.(url, hop, from);
    };
  }

  /** Fetches the download's file into its partial file (resuming what is there), verified: its content id, size and type. */
  private async fetchInto(row: DownloadRow, partial: string): Promise<IndexedFile> {
    const bound = this.boundOf(row);
    const saved = sizeOf(partial);
    const headers: Record<string, string> = { accept: '*/*' };
    if (saved > 0) headers.range = `bytes=${saved}-`;
    const { answer, url } = await openSource({ ...this.deps, checkHop: this.hopCheck(), now: () => this.deps.clock.now() }, row, {
      headers,
      signal: this.abort.signal,
    });
    const header = headerOf(answer.headers);
    const { have, total } = await startingPoint(answer, header, saved, partial);
    bound.checkDeclared(total, answer.body);
    await this.makeRoom(answer.body, total === null ? null : total - have);
    const { contentId, size } = await this.receive(row, answer.body, partial, have, total, bound);
    if (total !== null && size !== total) throw new Error(`Received ${size} of ${total} bytes.`);
    const expected = expectedHash(header('x-content-sha256'), header('etag'), header('repr-digest'), url.href);
    if (expected && expected !== contentId)
      throw new VerificationError('The downloaded file does not match its hash; downloading it again.');
    const contentType = (header('content-type') ?? '').split(';')[0]?.trim() || guessType(url.pathname);
    return { contentId, size, contentType };
  }

  /**
   * Streams the body into the partial file after the `have` bytes already there, hashing as it
   * goes (no second read of the file; a resumed download hashes the part it already has first).
   */
  private async receive(
    row: DownloadRow,
    body: Dispatcher.ResponseData['body'],
    partial: string,
    have: number,
    total: number | null,
    bound: MediaBound,
  ): Promise<{ contentId: string; size: number }> {
    const cutAt = bound.cutAt(total);
    // A part saved before the bound existed, already past it: not hashed, not resumed.
    if (have > cutAt) {
      body.destroy();
      throw bound.cutOff(have, total);
    }
    const hash = createHash('sha256');
    if (have > 0) await hashInto(hash, partial, have);
    let received = have;
    let lastEmit = 0;
    // Hashed and counted by a listener on the body while it pipes straight into the file: no
    // extra stream stage per 16 KiB TLS record, and the file stream gathers what arrives during
    // a write into one writev of up to STREAM_BUFFER_BYTES (memory stays bounded by that).
    body.on('data', (chunk: Buffer) => {
      received += chunk.length;
      // A body without a length, or longer than it said, ends at the bound: the pipeline fails with why.
      if (received > cutAt) body.destroy(bound.cutOff(received, total));
      hash.update(chunk);
      const now = Date.now();
      if (now - lastEmit > 250) {
        lastEmit = now;
        this.deps.events.progress({ mediaId: row.id, itemId: row.owner_id, role: row.role, received, total, done: false });
      }
    });
    try {
      await pipeline(body, createWriteStream(partial, { flags: have > 0 ? 'a' : 'w', highWaterMark: STREAM_BUFFER_BYTES }));
    } catch (error) {
      if (isDiskFull(error)) throw new DiskFullError('disk full', { cause: error });
      throw error;
    }
    // Every byte received was written (the pipeline ends only when the file stream has flushed), after the `have` already there.
    return { contentId: hash.digest('hex'), size: received };
  }
}

/** Adds the first `bytes` bytes of the file at `path` to `hash`. */
async function hashInto(hash: Hash, path: string, bytes: number): Promise<void> {
  for await (const chunk of createReadStream(path, { start: 0, end: bytes - 1, highWaterMark: STREAM_BUFFER_BYTES }))
    hash.update(chunk as Buffer);
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** Why a download is refused for good (too large, or from where media are not fetched), or null when it is not. */
function refusalOf(error: unknown): AppError | null {
  if (error instanceof RefusedDownload) return error.error;
  const refused = addressRefusal(error);
  return refused ? { code: 'download_source_refused', params: { why: 'private_address', ...refused } } : null;
}

/** Why an attempt failed, as the page is told it (the log keeps the error's own message). */
function failedError(error: unknown): AppError {
  if (error instanceof HttpStatusError) return { code: 'download_failed', params: { why: 'status', status: error.status } };
  if (error instanceof VerificationError) return { code: 'download_failed', params: { why: 'damaged', status: null } };
  return { code: 'download_failed', params: { why: isUnreachable(error) ? 'unreachable' : 'other', status: null } };
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** The server could not be reached (nothing was exchanged), as opposed to a transfer cut short. */
function isUnreachable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && UNREACHABLE.has(error.code);
}
