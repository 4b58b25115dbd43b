import { existsSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { LOCAL_OWNER } from '../../downloads/downloadStore.ts';
import type { LibraryDatabase } from '../../library/libraryDatabase.ts';

export { LOCAL_OWNER } from '../../downloads/downloadStore.ts';

/** The exported MP4 as the gallery sees it: a finished `video` item of the app's own making. */
export type LocalVideo = {
  itemId: string;
  title: string;
  contentId: string;
  size: number;
  path: string;
  durationMs: number;
  collectionId: string | null;
  now: string;
};

/** A local item as another library file holds it (a damaged one, read for its rebuild). */
export type StoredLocalVideo = { itemId: string; title: string; contentId: string; durationMs: number; createdAt: string };

const STORED_LOCAL_VIDEOS = `SELECT i.id AS itemId, i.title AS title, d.content_id AS contentId, i.options_json AS options, i.created_at AS createdAt
  FROM downloads d JOIN library_items i ON i.id = d.owner_id
 WHERE d.owner_kind = ? AND d.state = 'done' AND d.content_id IS NOT NULL`;

/**
 * What a scene export reads from and writes to the library. An export is a local item: a
 * `library_items` row (kind `video`, so the gallery shows and plays it as it does any video), its
 * file indexed in `media`, and a finished `downloads` row with the `local` owner kind, so the
 * library check counts the file as wanted and never removes it as an orphan. The service knows
 * nothing of it: it is deleted here alone, and a sync never lists (so never removes) it.
 */
export class SceneExportStore {
  private readonly library: LibraryDatabase;

  constructor(library: LibraryDatabase) {
    this.library = library;
  }

  /** Character names by id (a character the library no longer has is left out). */
  characterNames(ids: readonly string[]): Map<string, string> {
    const names = new Map<string, string>();
    for (const id of new Set(ids)) {
      const row = this.library.get<{ name: string }>('SELECT name FROM characters WHERE id = ?', id);
      if (row) names.set(id, row.name);
    }
    return names;
  }

  /** Adds the video; an item already there (a rebuild's pass run again) is left as it is. */
  addLocalVideo(video: LocalVideo): void {
    const options = JSON.stringify({ source: 'scene_export', durationMs: video.durationMs });
    this.library.transaction(() => {
      this.library.run(
        'INSERT INTO media (content_id, size, content_type, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (content_id) DO NOTHING',
        video.contentId,
        video.size,
        'video/mp4',
        video.now,
      );
      this.library.run(
        `INSERT INTO downloads (id, url, owner_kind, owner_id, role, state, content_id, content_type, expected_size, received, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'output', 'done', ?, 'video/mp4', ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        `${LOCAL_OWNER}-${video.itemId}`,
        new URL(`file://${video.path}`).href,
        LOCAL_OWNER,
        video.itemId,
        video.contentId,
        video.size,
        video.size,
        video.now,
        video.now,
      );
      this.library.run(
        `INSERT INTO library_items (id, kind, status, title, options_json, media_id, media_type, created_at, completed_at)
         VALUES (?, 'video', 'completed', ?, ?, ?, 'video/mp4', ?, ?) ON CONFLICT DO NOTHING`,
        video.itemId,
        video.title,
        options,
        video.contentId,
        video.now,
        video.now,
      );
      if (video.collectionId !== null) {
        this.library.run(
          'INSERT INTO collection_items (collection_id, item_id, added_at) SELECT id, ?, ? FROM collections WHERE id = ? ON CONFLICT DO NOTHING',
          video.itemId,
          video.now,
          video.collectionId,
        );
      }
    });
  }

  /** True when the item is one the app made itself (the service has no record of it). */
  isLocalItem(id: string): boolean {
    return this.library.get('SELECT 1 AS x FROM downloads WHERE owner_kind = ? AND owner_id = ?', LOCAL_OWNER, id) !== undefined;
  }

  /**
   * Forgets a local item in one transaction: its row, its collection memberships, its download,
   * and the index rows of its files no other finished download still has. Answers those files'
   * content ids, for the caller to remove from disk after the commit (a crash in between leaves
   * an orphan the library check removes, as Downloader.forgetOwner does).
   */
  forgetLocalItem(id: string): string[] {
    return this.library.transaction(() => {
      const owned = this.library
        .all<{ content_id: string }>(
          'SELECT content_id FROM downloads WHERE owner_kind = ? AND owner_id = ? AND content_id IS NOT NULL',
          LOCAL_OWNER,
          id,
        )
        .map((row) => row.content_id);
      this.library.run('DELETE FROM library_items WHERE id = ?', id);
      this.library.run('DELETE FROM collection_items WHERE item_id = ?', id);
      this.library.run('DELETE FROM downloads WHERE owner_kind = ? AND owner_id = ?', LOCAL_OWNER, id);
      return owned.filter(
        (contentId) =>
          this.library.run(
            "DELETE FROM media WHERE content_id = ? AND NOT EXISTS (SELECT 1 FROM downloads WHERE content_id = ? AND state = 'done')",
            contentId,
            contentId,
          ).changes > 0,
      );
    });
  }
}

/**
 * The local videos another library file holds (a damaged library moved aside), read on a
 * read-only connection. Best effort: a file SQLite cannot read gives none. A shared-memory file
 * the read leaves beside it that was not there before is removed.
 */
export function readStoredLocalVideos(path: string): StoredLocalVideo[] {
  if (!existsSync(path)) return [];
  const leftBehind = existsSync(`${path}-shm`) ? null : `${path}-shm`;
  let db: DatabaseSync | null = null;
  try {
    db = new DatabaseSync(path, { readOnly: true });
    const rows = db.prepare(STORED_LOCAL_VIDEOS).all(LOCAL_OWNER) as {
      itemId: string;
      title: string;
      contentId: string;
      options: string | null;
      createdAt: string;
    }[];
    return rows.map(({ options, ...row }) => ({ ...row, durationMs: durationOf(options) }));
  } catch {
    return [];
  } finally {
    try {
      db?.close();
    } catch {
      // Closing a connection to a damaged file may fail too; nothing was written through it.
    }
    if (leftBehind) rmSync(leftBehind, { force: true });
  }
}

function durationOf(options: string | null): number {
  try {
    const parsed: unknown = JSON.parse(options ?? '{}');
    const value = typeof parsed === 'object' && parsed !== null && 'durationMs' in parsed ? parsed.durationMs : 0;
    return typeof value === 'number' && Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}
