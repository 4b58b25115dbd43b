import { createHash, randomUUID, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream, rmSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Dispatcher } from 'undici';
import { backoffMs, DEFAULT_RETRY } from '../api/retryPolicy.ts';
import type { Clock } from '../clock/clock.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import type { Logger } from '../log/logger.ts';
import type { CdnSources } from './cdnSources.ts';
import type { MediaStore } from './mediaStore.ts';

export type OwnerKind = 'character' | 'generation' | 'voice' | 'audio';

/** Why a download failed for good (migration 0005). */
export type DownloadFailure = 'unreachable' | 'gone' | 'disk_full' | 'error';

export type DownloadRow = {
  id: string;
  /** The source: relative to the connection's CDN when it is on it (see CdnSources), else the address. */
  url: string;
  owner_kind: OwnerKind;
  owner_id: string;
  role: string;
  state: 'pending' | 'done' | 'failed' | 'removed';
  content_id: string | null;
  content_type: string | null;
  expected_size: number | null;
  received: number;
  attempts: number;
  error_message: string | null;
  failure: DownloadFailure | null;
};

/** A file an owner should have in the store (`url` null or not http(s): nothing to fetch). */
export type MediaWant = { ownerKind: OwnerKind; ownerId: string; role: string; url: string | null | undefined };

export type DownloadEvents = {
  progress(p: { mediaId: string; itemId: string | null; role: string; received: number; total: number | null; done: boolean }): void;
  /** A file landed (or failed for good): the owner's views changed. */
  settled(row: DownloadRow): void;
};

export type DownloaderDeps = {
  library: LibraryDatabase;
  store: MediaStore;
  /** Turns addresses into stored sources and back, against the connection's CDN; without it sources stay whole addresses. */
  sources?: CdnSources;
  dispatcher: Dispatcher;
  canDownload: () => boolean;
  clock: Clock;
  random: () => number;
  log: Logger;
  events: DownloadEvents;
  parallel?: number;
  maxAttempts?: number;
};

/** A verified file in place, waiting to be indexed. */
type Landed = { row: DownloadRow; contentId: string; size: number; contentType: string };

class DiskFullError extends Error {}
class VerificationError extends Error {}
class HttpStatusError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`HTTP ${status}`);
    this.status = status;
  }
}

/** Most downloads asked for on demand that wait their turn ahead of the queue; older asks fall back to the queue's order. */
const MAX_URGENT = 1_000;

/** Most bytes the file stream gathers into one write (and read at a time when hashing a resumed part). */
const STREAM_BUFFER_BYTES = 1024 * 1024;

const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif',
  mp4: 'video/mp4', webm: 'video/webm', wav: 'audio/wav', mp3: 'audio/mpeg', ogg: 'audio/ogg', m4a: 'audio/mp4',
};

/**
 * Brings every finished output into the content-addressed store: resumable with byte ranges,
 * verified by size and (where the CDN states it) hash, a bounded number at a time. A file is
 * indexed only after it is complete and in place; a full disk leaves nothing half-indexed.
 */
export class Downloader {
  private readonly deps: DownloaderDeps;
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
  }

  /** Records that `url` should be in the store for this owner and role; starts it when possible. */
  want(ownerKind: OwnerKind, ownerId: string, role: string, url: string | null | undefined): void {
    if (this.deps.library.relaxedTransaction(() => this.record(ownerKind, ownerId, role, url))) this.pumpSoon();
  }

  /**
   * Many wants in one transaction (a sync page): one commit instead of one per file, and one pump
   * for the lot instead of one each.
   */
  wantMany(wants: readonly MediaWant[]): void {
    const added = this.deps.library.relaxedTransaction(() => wants.filter((w) => this.record(w.ownerKind, w.ownerId, w.role, w.url)).length);
    if (added > 0) this.pumpSoon();
  }

  /** Writes the download row; true when there is something new to fetch. */
  private record(ownerKind: OwnerKind, ownerId: string, role: string, address: string | null | undefined): boolean {
    if (!address || !/^https?:\/\//.test(address)) return false;
    const { library } = this.deps;
    // The same file at a CDN address that moved is the same source: nothing new to fetch.
    const url = this.deps.sources?.toStored(address) ?? address;
    const now = new Date(this.deps.clock.now()).toISOString();
    const existing = library.get<{ id: string; url: string; state: string }>('SELECT id, url, state FROM downloads WHERE owner_kind = ? AND owner_id = ? AND role = ?', ownerKind, ownerId, role);
    if (existing && existing.url === url && existing.state !== 'removed') return false;
    if (existing) {
      library.run("UPDATE downloads SET url = ?, state = 'pending', content_id = NULL, received = 0, attempts = 0, error_message = NULL, failure = NULL, updated_at = ? WHERE id = ?", url, now, existing.id);
      rmSync(this.deps.store.partialPath(existing.id), { force: true });
    } else {
      library.run(
        "INSERT INTO downloads (id, url, owner_kind, owner_id, role, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)",
        randomUUID(),
        url,
        ownerKind,
        ownerId,
        role,
        now,
        now,
      );
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
    this.deps.library.run("UPDATE downloads SET state = 'pending', attempts = 0, error_message = NULL, failure = NULL WHERE id = ?", id);
    this.retryAt.delete(id);
    this.pump();
  }

  /**
   * Fetches an owner's file now, ahead of the queue: records it when `address` is new, puts it back
   * in line when it failed, and lets it skip the wait of an earlier interrupted attempt. False when
   * there is nothing to fetch (no address and no download, or the file is already in).
   */
  fetchNow(ownerKind: OwnerKind, ownerId: string, role: string, address: string | null | undefined): boolean {
    const { library } = this.deps;
    const find = () => library.get<{ id: string; state: string }>('SELECT id, state FROM downloads WHERE owner_kind = ? AND owner_id = ? AND role = ?', ownerKind, ownerId, role);
    library.relaxedTransaction(() => this.record(ownerKind, ownerId, role, address));
    const row = find();
    if (!row || row.state === 'done') return false;
    if (row.state !== 'pending') {
      library.run("UPDATE downloads SET state = 'pending', attempts = 0, error_message = NULL, failure = NULL WHERE id = ?", row.id);
    }
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
    const { changes } = this.deps.library.run(
      "UPDATE downloads SET state = 'pending', attempts = 0, error_message = NULL, failure = NULL WHERE state = 'failed' AND failure = 'unreachable'",
    );
    if (changes > 0) this.deps.log.info('Downloads that could not reach their server are back in line.', { count: changes });
    this.pump();
  }

  /** Waiting downloads skip the wait of their earlier interrupted attempts. */
  retryNow(): void {
    this.retryAt.clear();
    this.pump();
  }

  pending(): number {
    return this.deps.library.get<{ n: number }>("SELECT count(*) AS n FROM downloads WHERE state = 'pending'")?.n ?? 0;
  }

  /** Files not in place yet: waiting (or on their way) and failed for good. */
  notInPlace(): { pending: number; failed: number } {
    const rows = this.deps.library.all<{ state: string; n: number }>("SELECT state, count(*) AS n FROM downloads WHERE state IN ('pending', 'failed') GROUP BY state");
    return { pending: rows.find((r) => r.state === 'pending')?.n ?? 0, failed: rows.find((r) => r.state === 'failed')?.n ?? 0 };
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
    // The queue's own index (migration 0003) keeps this a short walk with 100k pending.
    // Enough rows to fill every free slot: the active, finishing and waiting-to-retry ones are among them.
    const rows = this.deps.library.all<DownloadRow>(
      "SELECT * FROM downloads INDEXED BY downloads_queue WHERE state = 'pending' ORDER BY CASE WHEN role LIKE 'thumb%' OR role LIKE 'headshot%' THEN 0 ELSE 1 END, created_at LIMIT ?",
      parallel + this.finishing.size + this.retryAt.size,
    );
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
      const row = this.deps.library.get<DownloadRow>("SELECT * FROM downloads WHERE id = ? AND state = 'pending'", id);
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
    const { store, log, library } = this.deps;
    const partial = store.partialPath(row.id);
    try {
      const { contentId, size, contentType } = await this.fetchInto(row, partial);
      this.unreachableStreak = 0;
      // The transfer is over: its slot goes to the next file while this one is placed and indexed.
      this.active.delete(row.id);
      this.finishing.add(row.id);
      this.pump();
      // Into place first, then indexed: a crash between the two leaves an orphan file that the
      // library check removes, never an index entry pointing at nothing.
      await store.place(partial, contentId);
      await this.index({ row, contentId, size, contentType });
      this.retryAt.delete(row.id);
      const done = library.get<DownloadRow>('SELECT * FROM downloads WHERE id = ?', row.id);
      this.deps.events.progress({ mediaId: row.id, itemId: row.owner_id, role: row.role, received: size, total: size, done: true });
      if (done) this.deps.events.settled(done);
    } catch (error) {
      if (this.stopped) return;
      const now = new Date(this.deps.clock.now()).toISOString();
      if (error instanceof DiskFullError) {
        rmSync(partial, { force: true });
        const message = 'Your disk is full, so this file could not be saved. Free some space, then run the library check to fetch it again.';
        library.run("UPDATE downloads SET state = 'failed', received = 0, error_message = ?, failure = 'disk_full', updated_at = ? WHERE id = ?", message, now, row.id);
        log.error('Download stopped: the disk is full.', { download: row.id });
        const failed = library.get<DownloadRow>('SELECT * FROM downloads WHERE id = ?', row.id);
        if (failed) this.deps.events.settled(failed);
        return;
      }
      if (error instanceof VerificationError) rmSync(partial, { force: true });
      const attempts = row.attempts + 1;
      const gone = error instanceof HttpStatusError && (error.status === 404 || error.status === 410 || error.status === 403);
      if (gone || attempts >= (this.deps.maxAttempts ?? 8)) {
        const message = gone ? 'The file is no longer available on the service.' : `The file could not be downloaded (${error instanceof Error ? error.message : 'unknown error'}). Run the library check to try again.`;
        const failure: DownloadFailure = gone ? 'gone' : isUnreachable(error) ? 'unreachable' : 'error';
        library.run("UPDATE downloads SET state = 'failed', attempts = ?, error_message = ?, failure = ?, updated_at = ? WHERE id = ?", attempts, message, failure, now, row.id);
        const failed = library.get<DownloadRow>('SELECT * FROM downloads WHERE id = ?', row.id);
        if (failed) this.deps.events.settled(failed);
        return;
      }
      library.relaxedTransaction(() =>
        library.run('UPDATE downloads SET attempts = ?, received = ?, error_message = ?, updated_at = ? WHERE id = ?', attempts, sizeOf(partial), error instanceof Error ? error.message : 'unknown', now, row.id),
      );
      this.retryAt.set(row.id, this.deps.clock.now() + Math.max(500, backoffMs(DEFAULT_RETRY, attempts, this.deps.random)));
      if (isUnreachable(error)) {
        // The CDN cannot be reached at all: the whole queue waits (backing off while it stays so)
        // instead of failing through every pending file at once, a connection attempt each.
        this.unreachableStreak += 1;
        this.pausedUntil = this.deps.clock.now() + Math.max(500, backoffMs(DEFAULT_RETRY, this.unreachableStreak, this.deps.random));
      }
      log.warn('A download was interrupted; it will resume.', { download: row.id, received: sizeOf(partial), error: error instanceof Error ? error.message : 'unknown' });
    }
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
    const now = new Date(this.deps.clock.now()).toISOString();
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

  private indexOne({ row, contentId, size, contentType }: Landed, now: string): void {
    const { library } = this.deps;
    library.run('INSERT INTO media (content_id, size, content_type, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (content_id) DO NOTHING', contentId, size, contentType, now);
    library.run("UPDATE downloads SET state = 'done', content_id = ?, content_type = ?, expected_size = ?, received = ?, error_message = NULL, updated_at = ? WHERE id = ?", contentId, contentType, size, size, now, row.id);
    if (row.owner_kind === 'generation' || row.owner_kind === 'audio') {
      if (row.role === 'output') library.run('UPDATE library_items SET media_id = ?, media_type = ? WHERE id = ?', contentId, contentType, row.owner_id);
      if (row.role === 'thumbnail') library.run('UPDATE library_items SET thumb_id = ? WHERE id = ?', contentId, row.owner_id);
    }
  }

  private async fetchInto(row: DownloadRow, partial: string): Promise<{ contentId: string; size: number; contentType: string }> {
    const url = new URL(this.deps.sources?.resolve(row.url) ?? row.url);
    let have = sizeOf(partial);
    const headers: Record<string, string> = { accept: '*/*' };
    if (have > 0) headers.range = `bytes=${have}-`;
    const answer = await this.deps.dispatcher.request({ origin: url.origin, path: `${url.pathname}${url.search}`, method: 'GET', headers, signal: this.abort.signal });
    const h = answer.headers;
    const header = (name: string): string | null => {
      const v = h[name];
      return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
    };
    let total: number | null;
    if (answer.statusCode === 206) {
      const range = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header('content-range') ?? '');
      if (!range || Number(range[1]) !== have) {
        await answer.body.dump();
        rmSync(partial, { force: true });
        throw new Error('The server resumed at the wrong byte; starting over.');
      }
      total = range[3] === '*' ? null : Number(range[3]);
    } else if (answer.statusCode === 200) {
      have = 0;
      const length = header('content-length');
      total = length ? Number(length) : null;
    } else if (answer.statusCode === 416) {
      await answer.body.dump();
      rmSync(partial, { force: true });
      throw new Error('The saved part did not match the file; starting over.');
    } else {
      await answer.body.dump();
      throw new HttpStatusError(answer.statusCode);
    }
    // Hashed as it streams to the file: no second read of the file. A resumed download hashes the
    // part it already has first.
    const hash = createHash('sha256');
    if (have > 0) await hashInto(hash, partial, have);
    let received = have;
    let lastEmit = 0;
    // Hashed and counted by a listener on the body while it pipes straight into the file: no
    // extra stream stage per 16 KiB TLS record, and the file stream gathers what arrives during
    // a write into one writev of up to STREAM_BUFFER_BYTES (memory stays bounded by that).
    answer.body.on('data', (chunk: Buffer) => {
      received += chunk.length;
      hash.update(chunk);
      const now = Date.now();
      if (now - lastEmit > 250) {
        lastEmit = now;
        this.deps.events.progress({ mediaId: row.id, itemId: row.owner_id, role: row.role, received, total, done: false });
      }
    });
    try {
      await pipeline(answer.body, createWriteStream(partial, { flags: have > 0 ? 'a' : 'w', highWaterMark: STREAM_BUFFER_BYTES }));
    } catch (error) {
      if (isDiskFull(error)) throw new DiskFullError('disk full');
      throw error;
    }
    // Every byte received was written (the pipeline ends only when the file stream has flushed), after the `have` already there.
    const size = received;
    if (total !== null && size !== total) throw new Error(`Received ${size} of ${total} bytes.`);
    const contentId = hash.digest('hex');
    const expected = expectedHash(header('x-content-sha256'), header('etag'), header('repr-digest'), url.href);
    if (expected && expected !== contentId) throw new VerificationError('The downloaded file does not match its hash; downloading it again.');
    const contentType = (header('content-type') ?? '').split(';')[0]?.trim() || guessType(url.pathname);
    return { contentId, size, contentType };
  }
}

/** Adds the first `bytes` bytes of the file at `path` to `hash`. */
async function hashInto(hash: Hash, path: string, bytes: number): Promise<void> {
  for await (const chunk of createReadStream(path, { start: 0, end: bytes - 1, highWaterMark: STREAM_BUFFER_BYTES })) hash.update(chunk as Buffer);
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** The server could not be reached (nothing was exchanged), as opposed to a transfer cut short. */
function isUnreachable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && UNREACHABLE.has(error.code);
}

function isDiskFull(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && ((error as { code: unknown }).code === 'ENOSPC' || (error as { code: unknown }).code === 'EDQUOT');
}

/** A SHA-256 the CDN states for the file: a header, a hex ETag, or a content-addressed URL. */
export function expectedHash(sha: string | null, etag: string | null, reprDigest: string | null, url: string): string | null {
  if (sha && /^[0-9a-f]{64}$/i.test(sha.trim())) return sha.trim().toLowerCase();
  const tag = etag?.replace(/^W\//, '').replace(/"/g, '').trim();
  if (tag && /^[0-9a-f]{64}$/i.test(tag)) return tag.toLowerCase();
  const digest = /sha-256=:([A-Za-z0-9+/=]+):/.exec(reprDigest ?? '');
  if (digest?.[1]) return Buffer.from(digest[1], 'base64').toString('hex');
  const fromUrl = /\/([0-9a-f]{64})(?:\.[a-z0-9]+)?$/i.exec(new URL(url).pathname);
  return fromUrl?.[1]?.toLowerCase() ?? null;
}

function guessType(pathname: string): string {
  const ext = pathname.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[ext] ?? 'application/octet-stream';
}
