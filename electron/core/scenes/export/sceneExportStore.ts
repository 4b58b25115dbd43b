import type { LibraryDatabase } from '../../library/libraryDatabase.ts';

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

/** The owner kind of a file the app made itself (nothing to download: the file is the original). */
export const LOCAL_OWNER = 'local';

/**
 * What a scene export reads from and writes to the library. An export is a local item: a
 * `library_items` row (kind `video`, so the gallery shows and plays it as it does any video), its
 * file indexed in `media`, and a finished `downloads` row with the `local` owner kind, so the
 * library check counts the file as wanted and never removes it as an orphan.
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
         VALUES (?, ?, ?, ?, 'output', 'done', ?, 'video/mp4', ?, ?, ?, ?)`,
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
         VALUES (?, 'video', 'completed', ?, ?, ?, 'video/mp4', ?, ?)`,
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
}
