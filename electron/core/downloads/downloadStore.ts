import { randomUUID } from 'node:crypto';
import type { ResourceKind } from '../../../shared/api/common.ts';
import type { AppError } from '../../../shared/ipc/index.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import { storedDownloadError, type DownloadFailure } from './storedDownloadError.ts';

/**
 * The owner kind of a file the app made itself (a scene's exported video): nothing to download,
 * the file in the media store is the only original, so it is never fetched again.
 */
export const LOCAL_OWNER = 'local';

export type { DownloadFailure } from './storedDownloadError.ts';

export type DownloadState = 'pending' | 'done' | 'failed' | 'removed';

export type DownloadRow = {
  id: string;
  /** The source: relative to the connection's CDN when it is on it (see CdnSources), else the address. */
  url: string;
  owner_kind: ResourceKind;
  owner_id: string;
  role: string;
  state: DownloadState;
  content_id: string | null;
  content_type: string | null;
  expected_size: number | null;
  received: number;
  attempts: number;
  /** Why the last attempt failed: an AppError as JSON (storedDownloadError.ts), or an older version's sentence. */
  error_message: string | null;
  failure: DownloadFailure | null;
  /** When the row last changed: a new source, a fresher address of it, or an attempt. */
  updated_at: string;
};

/** A download that failed, as a bug report names it. */
export type FailedDownload = Pick<DownloadRow, 'owner_kind' | 'role' | 'failure' | 'error_message' | 'updated_at'>;

/** A verified file in the media store, ready to be indexed for its download. */
export type IndexedFile = { contentId: string; size: number; contentType: string };

/** What an item's mirrored record says about its files (the addresses on-demand fetching starts from). */
export type ItemSources = {
  kind: string;
  status: string;
  output_url: string | null;
  thumbnail_url: string | null;
  audio_url: string | null;
};

/** The download a row stands for, and what is stored for it: only a row's owner, role and source matter here. */
type DownloadKey = Pick<DownloadRow, 'id' | 'owner_kind' | 'owner_id' | 'role'>;

/** Back in line, with a fresh count of attempts. */
const REQUEUED = "state = 'pending', attempts = 0, error_message = NULL, failure = NULL";

/**
 * The `downloads` and `media` tables: which files each owner wants, where each download stands,
 * and the index of files in the content-addressed store (and the items' links to them).
 */
export class DownloadStore {
  private readonly library: LibraryDatabase;

  constructor(library: LibraryDatabase) {
    this.library = library;
  }

  /** The download an owner has for a role, if any. */
  find(ownerKind: ResourceKind, ownerId: string, role: string): Pick<DownloadRow, 'id' | 'url' | 'state'> | undefined {
    return this.library.get(
      'SELECT id, url, state FROM downloads WHERE owner_kind = ? AND owner_id = ? AND role = ?',
      ownerKind,
      ownerId,
      role,
    );
  }

  byId(id: string): DownloadRow | undefined {
    return this.library.get<DownloadRow>('SELECT * FROM downloads WHERE id = ?', id);
  }

  /** The row when it is still waiting, else undefined. */
  pendingById(id: string): DownloadRow | undefined {
    return this.library.get<DownloadRow>("SELECT * FROM downloads WHERE id = ? AND state = 'pending'", id);
  }

  /** The type of a generation (image, video, talk), which decides how large its output may be; null when unknown. */
  generationType(id: string): string | null {
    return this.library.get<{ type: string }>('SELECT type FROM generations WHERE id = ?', id)?.type ?? null;
  }

  stateOf(id: string): DownloadState | undefined {
    return this.library.get<{ state: DownloadState }>('SELECT state FROM downloads WHERE id = ?', id)?.state;
  }

  insertPending(ownerKind: ResourceKind, ownerId: string, role: string, url: string, now: string): void {
    this.library.run(
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

  /** The download starts over from a new source: nothing received, nothing indexed. */
  restartFrom(id: string, url: string, now: string): void {
    this.library.run(
      `UPDATE downloads SET url = ?, ${REQUEUED}, content_id = NULL, received = 0, updated_at = ? WHERE id = ?`,
      url,
      now,
      id,
    );
  }

  requeue(id: string): void {
    this.library.run(`UPDATE downloads SET ${REQUEUED} WHERE id = ?`, id);
  }

  /** Every failed download back in line; answers how many. */
  requeueFailed(): number {
    return this.library.run(`UPDATE downloads SET ${REQUEUED} WHERE state = 'failed'`).changes;
  }

  /** The downloads that failed only because their server could not be reached, back in line; answers how many. */
  requeueUnreachable(): number {
    return this.library.run(`UPDATE downloads SET ${REQUEUED} WHERE state = 'failed' AND failure = 'unreachable'`).changes;
  }

  pendingCount(): number {
    return this.library.get<{ n: number }>("SELECT count(*) AS n FROM downloads WHERE state = 'pending'")?.n ?? 0;
  }

  /** Files not in place yet: waiting (or on their way) and failed for good. */
  notInPlace(): { pending: number; failed: number } {
    const rows = this.library.all<{ state: string; n: number }>(
      "SELECT state, count(*) AS n FROM downloads WHERE state IN ('pending', 'failed') GROUP BY state",
    );
    return { pending: rows.find((r) => r.state === 'pending')?.n ?? 0, failed: rows.find((r) => r.state === 'failed')?.n ?? 0 };
  }

  /** The latest downloads that failed, newest first, for a bug report. */
  recentFailures(limit: number): FailedDownload[] {
    return this.library.all<FailedDownload>(
      "SELECT owner_kind, role, failure, error_message, updated_at FROM downloads WHERE state = 'failed' ORDER BY updated_at DESC LIMIT ?",
      limit,
    );
  }

  /** The ids of the downloads waiting or failed. */
  notInPlaceIds(): string[] {
    return this.library.all<{ id: string }>("SELECT id FROM downloads WHERE state IN ('pending', 'failed')").map((r) => r.id);
  }

  /** Every waiting download, in no particular order. */
  allPending(): DownloadRow[] {
    return this.library.all<DownloadRow>("SELECT * FROM downloads WHERE state = 'pending'");
  }

  /**
   * The next `limit` waiting downloads in the queue's order: thumbnails and headshots first, then
   * the oldest. The queue's own index (migration 0003) keeps this a short walk with 100k pending.
   */
  nextPending(limit: number): DownloadRow[] {
    return this.library.all<DownloadRow>(
      "SELECT * FROM downloads INDEXED BY downloads_queue WHERE state = 'pending' ORDER BY CASE WHEN role LIKE 'thumb%' OR role LIKE 'headshot%' THEN 0 ELSE 1 END, created_at LIMIT ?",
      limit,
    );
  }

  /** An owner's downloads not in place yet (waiting or failed), whose addresses a fresh record may replace. */
  unfinishedOf(ownerKind: ResourceKind, ownerId: string): Pick<DownloadRow, 'id' | 'role' | 'url' | 'state'>[] {
    return this.library.all(
      "SELECT id, role, url, state FROM downloads WHERE owner_kind = ? AND owner_id = ? AND state IN ('pending', 'failed')",
      ownerKind,
      ownerId,
    );
  }

  /** The same file at a fresher address (a new signature): what was received stays. */
  refreshSource(id: string, url: string, now: string): void {
    this.library.run('UPDATE downloads SET url = ?, updated_at = ? WHERE id = ?', url, now, id);
  }

  /** How many owners of a kind have downloads at all (about as many as the service lists with files). */
  ownersOf(ownerKind: ResourceKind): number {
    return this.library.get<{ n: number }>('SELECT count(DISTINCT owner_id) AS n FROM downloads WHERE owner_kind = ?', ownerKind)?.n ?? 0;
  }

  /** How many owners of a kind have downloads waiting, counted up to `atMost`. */
  waitingOwners(ownerKind: ResourceKind, atMost: number): number {
    return (
      this.library.get<{ n: number }>(
        "SELECT count(*) AS n FROM (SELECT DISTINCT owner_id FROM downloads WHERE owner_kind = ? AND state = 'pending' LIMIT ?)",
        ownerKind,
        atMost,
      )?.n ?? 0
    );
  }

  /** The downloads whose file is in: their owner, content and its expected size (the library check's list). */
  allDone(): (Pick<DownloadRow, 'id' | 'owner_id' | 'content_id' | 'expected_size'> & { owner_kind: string })[] {
    return this.library.all("SELECT id, owner_kind, owner_id, content_id, expected_size FROM downloads WHERE state = 'done'");
  }

  /** Failed for good: `error` says why (stored as a code and its parameters, see storedDownloadError.ts). */
  failFor(id: string, failure: DownloadFailure, error: AppError, attempts: number, now: string): void {
    this.library.run(
      "UPDATE downloads SET state = 'failed', attempts = ?, error_message = ?, failure = ?, updated_at = ? WHERE id = ?",
      attempts,
      storedDownloadError(error),
      failure,
      now,
      id,
    );
  }

  /** A full disk: what was received is gone with the partial file. */
  failDiskFull(id: string, now: string): void {
    this.library.run(
      "UPDATE downloads SET state = 'failed', received = 0, error_message = ?, failure = 'disk_full', updated_at = ? WHERE id = ?",
      storedDownloadError({ code: 'disk_full', params: { when: 'download' } }),
      now,
      id,
    );
  }

  /** An interrupted attempt: counted, with what it kept, to resume. */
  noteAttempt(id: string, attempts: number, received: number, error: AppError, now: string): void {
    this.library.run(
      'UPDATE downloads SET attempts = ?, received = ?, error_message = ?, updated_at = ? WHERE id = ?',
      attempts,
      received,
      storedDownloadError(error),
      now,
      id,
    );
  }

  /**
   * Indexes a stored file as the download's content: the media row, the download done, and the
   * item's media or thumbnail. With `onlyPending`, a download no longer waiting is left alone and
   * false comes back.
   */
  markDone(row: DownloadKey, file: IndexedFile, now: string, onlyPending = false): boolean {
    const { contentId, size, contentType } = file;
    const pendingOnly = onlyPending ? " AND state = 'pending'" : '';
    const changed = this.library.run(
      `UPDATE downloads SET state = 'done', content_id = ?, content_type = ?, expected_size = ?, received = ?, error_message = NULL, updated_at = ? WHERE id = ?${pendingOnly}`,
      contentId,
      contentType,
      size,
      size,
      now,
      row.id,
    );
    if (onlyPending && changed.changes === 0) return false;
    this.addMedia(file, now);
    this.linkItem(row, contentId, contentType);
    return true;
  }

  private addMedia({ contentId, size, contentType }: IndexedFile, now: string): void {
    this.library.run(
      'INSERT INTO media (content_id, size, content_type, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (content_id) DO NOTHING',
      contentId,
      size,
      contentType,
      now,
    );
  }

  /** Generations and audio tracks show their output and thumbnail in the library's items. */
  private linkItem(row: DownloadKey, contentId: string, contentType: string): void {
    if (row.owner_kind !== 'generation' && row.owner_kind !== 'audio') return;
    if (row.role === 'output')
      this.library.run('UPDATE library_items SET media_id = ?, media_type = ? WHERE id = ?', contentId, contentType, row.owner_id);
    if (row.role === 'thumbnail') this.library.run('UPDATE library_items SET thumb_id = ? WHERE id = ?', contentId, row.owner_id);
  }

  /** The indexed file for a content id. */
  media(contentId: string): { size: number; content_type: string } | undefined {
    return this.library.get('SELECT size, content_type FROM media WHERE content_id = ?', contentId);
  }

  hasMedia(contentId: string): boolean {
    return this.library.get('SELECT 1 AS x FROM media WHERE content_id = ?', contentId) !== undefined;
  }

  /** Nothing shows a file that is not there: the items' links to it and its index row go. */
  unindex(contentId: string): void {
    this.library.run('UPDATE library_items SET media_id = NULL, media_type = NULL WHERE media_id = ?', contentId);
    this.library.run('UPDATE library_items SET thumb_id = NULL WHERE thumb_id = ?', contentId);
    this.library.run('DELETE FROM media WHERE content_id = ?', contentId);
  }

  /** The content ids of an owner's finished downloads. */
  doneContentOf(ownerKind: ResourceKind, ownerId: string): string[] {
    return this.library
      .all<{ content_id: string }>(
        "SELECT content_id FROM downloads WHERE owner_kind = ? AND owner_id = ? AND state = 'done' AND content_id IS NOT NULL",
        ownerKind,
        ownerId,
      )
      .map((r) => r.content_id);
  }

  /** Removes the content's index row when no finished download still has it; true when it went. */
  dropMediaIfUnreferenced(contentId: string): boolean {
    return (
      this.library.run(
        "DELETE FROM media WHERE content_id = ? AND NOT EXISTS (SELECT 1 FROM downloads WHERE content_id = ? AND state = 'done')",
        contentId,
        contentId,
      ).changes > 0
    );
  }

  /** Index rows with no finished download behind them go. */
  dropUnreferencedMedia(): void {
    this.library.run(
      "DELETE FROM media WHERE content_id NOT IN (SELECT content_id FROM downloads WHERE state = 'done' AND content_id IS NOT NULL)",
    );
  }

  /** What an item's mirrored record says about its files, or undefined for an unknown item. */
  itemSources(itemId: string): ItemSources | undefined {
    return this.library.get<ItemSources>(
      `SELECT i.kind, i.status, g.output_url, g.thumbnail_url, a.audio_url
         FROM library_items i LEFT JOIN generations g ON g.id = i.id LEFT JOIN audio_tracks a ON a.id = i.id
        WHERE i.id = ?`,
      itemId,
    );
  }
}
