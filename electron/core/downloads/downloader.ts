import { randomUUID } from 'node:crypto';
import { createWriteStream, rmSync, statSync } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Dispatcher } from 'undici';
import { backoffMs, DEFAULT_RETRY } from '../api/retryPolicy.ts';
import type { Clock } from '../clock/clock.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import type { Logger } from '../log/logger.ts';
import { MediaStore, sha256File } from './mediaStore.ts';

export type OwnerKind = 'character' | 'generation' | 'voice' | 'audio';

export type DownloadRow = {
  id: string;
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
};

export type DownloadEvents = {
  progress(p: { mediaId: string; itemId: string | null; received: number; total: number | null; done: boolean }): void;
  /** A file landed (or failed for good): the owner's views changed. */
  settled(row: DownloadRow): void;
};

export type DownloaderDeps = {
  library: LibraryDatabase;
  store: MediaStore;
  dispatcher: Dispatcher;
  canDownload: () => boolean;
  clock: Clock;
  random: () => number;
  log: Logger;
  events: DownloadEvents;
  parallel?: number;
  maxAttempts?: number;
};

class DiskFullError extends Error {}
class VerificationError extends Error {}
class HttpStatusError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`HTTP ${status}`);
    this.status = status;
  }
}

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
  private readonly active = new Set<string>();
  private readonly runs = new Set<Promise<void>>();
  private readonly retryAt = new Map<string, number>();
  private timer: unknown = null;
  private stopped = false;
  private readonly abort = new AbortController();

  constructor(deps: DownloaderDeps) {
    this.deps = deps;
  }

  /** Records that `url` should be in the store for this owner and role; starts it when possible. */
  want(ownerKind: OwnerKind, ownerId: string, role: string, url: string | null | undefined): void {
    if (!url || !/^https?:\/\//.test(url)) return;
    const { library } = this.deps;
    const now = new Date(this.deps.clock.now()).toISOString();
    const existing = library.get<{ id: string; url: string; state: string }>('SELECT id, url, state FROM downloads WHERE owner_kind = ? AND owner_id = ? AND role = ?', ownerKind, ownerId, role);
    if (existing && existing.url === url && existing.state !== 'removed') return;
    if (existing) {
      library.run("UPDATE downloads SET url = ?, state = 'pending', content_id = NULL, received = 0, attempts = 0, error_message = NULL, updated_at = ? WHERE id = ?", url, now, existing.id);
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
    this.pump();
  }

  /** Puts a finished or failed download back in line (library check, user retry). */
  requeue(id: string): void {
    this.deps.library.run("UPDATE downloads SET state = 'pending', attempts = 0, error_message = NULL WHERE id = ?", id);
    this.retryAt.delete(id);
    this.pump();
  }

  pending(): number {
    return this.deps.library.get<{ n: number }>("SELECT count(*) AS n FROM downloads WHERE state = 'pending'")?.n ?? 0;
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
      if (this.active.size === 0 && this.pending() === 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('Downloads did not finish in time.');
  }

  pump(): void {
    if (this.stopped || !this.deps.canDownload()) return;
    const parallel = this.deps.parallel ?? 3;
    if (this.active.size >= parallel) return;
    const now = this.deps.clock.now();
    const rows = this.deps.library.all<DownloadRow>("SELECT * FROM downloads WHERE state = 'pending' ORDER BY CASE WHEN role LIKE 'thumb%' OR role LIKE 'headshot%' THEN 0 ELSE 1 END, created_at LIMIT ?", parallel * 4 + this.retryAt.size);
    let soonest = Number.POSITIVE_INFINITY;
    for (const row of rows) {
      if (this.active.size >= parallel) break;
      if (this.active.has(row.id)) continue;
      const at = this.retryAt.get(row.id) ?? 0;
      if (at > now) {
        soonest = Math.min(soonest, at);
        continue;
      }
      this.active.add(row.id);
      const run = this.run(row).finally(() => {
        this.active.delete(row.id);
        this.runs.delete(run);
        this.pump();
      });
      this.runs.add(run);
    }
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = Number.isFinite(soonest) ? this.deps.clock.setTimeout(() => ((this.timer = null), this.pump()), soonest - now) : null;
  }

  private async run(row: DownloadRow): Promise<void> {
    const { store, log, library } = this.deps;
    const partial = store.partialPath(row.id);
    try {
      const { contentId, size, contentType } = await this.fetchInto(row, partial);
      // Into place first, then indexed: a crash between the two leaves an orphan file that the
      // library check removes, never an index entry pointing at nothing.
      store.place(partial, contentId);
      const now = new Date(this.deps.clock.now()).toISOString();
      library.transaction(() => {
        library.run('INSERT INTO media (content_id, size, content_type, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (content_id) DO NOTHING', contentId, size, contentType, now);
        library.run("UPDATE downloads SET state = 'done', content_id = ?, content_type = ?, expected_size = ?, received = ?, error_message = NULL, updated_at = ? WHERE id = ?", contentId, contentType, size, size, now, row.id);
        if (row.owner_kind === 'generation' || row.owner_kind === 'audio') {
          if (row.role === 'output') library.run('UPDATE library_items SET media_id = ?, media_type = ? WHERE id = ?', contentId, contentType, row.owner_id);
          if (row.role === 'thumbnail') library.run('UPDATE library_items SET thumb_id = ? WHERE id = ?', contentId, row.owner_id);
        }
      });
      this.retryAt.delete(row.id);
      const done = library.get<DownloadRow>('SELECT * FROM downloads WHERE id = ?', row.id);
      this.deps.events.progress({ mediaId: row.id, itemId: row.owner_id, received: size, total: size, done: true });
      if (done) this.deps.events.settled(done);
    } catch (error) {
      if (this.stopped) return;
      const now = new Date(this.deps.clock.now()).toISOString();
      if (error instanceof DiskFullError) {
        rmSync(partial, { force: true });
        const message = 'Your disk is full, so this file could not be saved. Free some space, then run the library check to fetch it again.';
        library.run("UPDATE downloads SET state = 'failed', received = 0, error_message = ?, updated_at = ? WHERE id = ?", message, now, row.id);
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
        library.run("UPDATE downloads SET state = 'failed', attempts = ?, error_message = ?, updated_at = ? WHERE id = ?", attempts, message, now, row.id);
        const failed = library.get<DownloadRow>('SELECT * FROM downloads WHERE id = ?', row.id);
        if (failed) this.deps.events.settled(failed);
        return;
      }
      library.run('UPDATE downloads SET attempts = ?, received = ?, error_message = ?, updated_at = ? WHERE id = ?', attempts, sizeOf(partial), error instanceof Error ? error.message : 'unknown', now, row.id);
      this.retryAt.set(row.id, this.deps.clock.now() + Math.max(500, backoffMs(DEFAULT_RETRY, attempts, this.deps.random)));
      log.warn('A download was interrupted; it will resume.', { download: row.id, received: sizeOf(partial), error: error instanceof Error ? error.message : 'unknown' });
    }
  }

  private async fetchInto(row: DownloadRow, partial: string): Promise<{ contentId: string; size: number; contentType: string }> {
    const url = new URL(row.url);
    let have = sizeOf(partial);
    const headers: Record<string, string> = { accept: '*/*' };
    if (have > 0) headers.range = `bytes=${have}-`;
    const answer = await this.deps.dispatcher.request({ origin: url.origin, path: `${url.pathname}${url.search}`, method: 'GET', headers, signal: this.abort.signal });
    const h = answer.headers;
    const header = (name: string): string | null => {
      const v = h[name];
      return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
    };
    let total: number | null = null;
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
    let received = have;
    let lastEmit = 0;
    const counter = new Transform({
      transform: (chunk: Buffer, _enc, done) => {
        received += chunk.length;
        const now = Date.now();
        if (now - lastEmit > 250) {
          lastEmit = now;
          this.deps.events.progress({ mediaId: row.id, itemId: row.owner_id, received, total, done: false });
        }
        done(null, chunk);
      },
    });
    try {
      await pipeline(answer.body, counter, createWriteStream(partial, { flags: have > 0 ? 'a' : 'w' }));
    } catch (error) {
      if (isDiskFull(error)) throw new DiskFullError('disk full');
      throw error;
    }
    const size = sizeOf(partial);
    if (total !== null && size !== total) throw new Error(`Received ${size} of ${total} bytes.`);
    const contentId = await sha256File(partial);
    const expected = expectedHash(header('x-content-sha256'), header('etag'), header('repr-digest'), row.url);
    if (expected && expected !== contentId) throw new VerificationError('The downloaded file does not match its hash; downloading it again.');
    const contentType = (header('content-type') ?? '').split(';')[0]?.trim() || guessType(url.pathname);
    return { contentId, size, contentType };
  }
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
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
