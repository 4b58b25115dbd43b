import type { Migration } from './migration.ts';

/**
 * The download queue in the order the downloader takes it (thumbnails and headshots first, then
 * oldest first), holding pending rows only. Without it every pump sorted all pending downloads: a
 * first sync of a 100k library queues 100k thumbnails, and each new one paid for the whole sort.
 */
export const migration0003: Migration = {
  version: 3,
  name: 'download queue order',
  up(db) {
    db.exec(`
      CREATE INDEX downloads_queue ON downloads ((CASE WHEN role LIKE 'thumb%' OR role LIKE 'headshot%' THEN 0 ELSE 1 END), created_at)
        WHERE state = 'pending';
    `);
  },
};
