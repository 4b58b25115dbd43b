import { num, str, type Db, type Row } from '../db/database.ts';

/** A stored CDN object as its row holds it (its URL depends on the address the sandbox listens on). */
export type CdnObjectRow = { sha256: string; ext: string; contentType: string; size: number };

/** Records an object once; recording the same bytes again changes nothing. */
export function recordObject(db: Db, o: CdnObjectRow, at: string): void {
  db.prepare('INSERT OR IGNORE INTO cdn_objects (sha256, ext, content_type, size, created_at) VALUES (?, ?, ?, ?, ?)').run(
    o.sha256,
    o.ext,
    o.contentType,
    o.size,
    at,
  );
}

export function getObject(db: Db, sha256: string): CdnObjectRow | null {
  const row = db.prepare('SELECT * FROM cdn_objects WHERE sha256 = ?').get(sha256) as Row | undefined;
  return row ? { sha256, ext: str(row, 'ext'), contentType: str(row, 'content_type'), size: num(row, 'size') } : null;
}

export type Ownership = { id: string; userId: string; sha256: string; kind: string; source: 'upload' | 'generated'; createdAt: string };

/**
 * Records that a user owns an object (an upload or a generated output), once per user and object;
 * returns the id of the ownership, the first one's when it was already recorded.
 */
export function recordOwnership(db: Db, o: Ownership): string {
  db.prepare('INSERT OR IGNORE INTO uploads (id, user_id, sha256, kind, source, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
    o.id,
    o.userId,
    o.sha256,
    o.kind,
    o.source,
    o.createdAt,
  );
  const row = db.prepare('SELECT id FROM uploads WHERE user_id = ? AND sha256 = ?').get(o.userId, o.sha256) as Row;
  return str(row, 'id');
}

export function isOwnedBy(db: Db, userId: string, sha256: string): boolean {
  return db.prepare('SELECT 1 FROM uploads WHERE user_id = ? AND sha256 = ?').get(userId, sha256) !== undefined;
}

/** When an upload (or a generated output) was first owned. */
export function uploadCreatedAt(db: Db, id: string): string {
  return str(db.prepare('SELECT created_at FROM uploads WHERE id = ?').get(id) as Row, 'created_at');
}

/** Every stored column that may hold an address of the sandbox's own CDN. */
const CDN_ADDRESS_COLUMNS = [
  ['users', 'avatar_url'],
  ['characters', 'reference_image_urls'],
  ['characters', 'headshot_url'],
  ['characters', 'fullbody_url'],
  ['character_versions', 'headshot_url'],
  ['character_versions', 'fullbody_url'],
  ['generations', 'options'],
  ['generations', 'output_url'],
  ['generations', 'thumbnail_url'],
  ['voices', 'preview_url'],
  ['audio_tracks', 'audio_url'],
] as const;

/** Rewrites every stored address under `from` to the same address under `to` (the CDN moved to another port). */
export function rebaseCdnAddresses(db: Db, from: string, to: string): void {
  for (const [table, column] of CDN_ADDRESS_COLUMNS) {
    db.prepare(`UPDATE ${table} SET ${column} = replace(${column}, ?, ?) WHERE instr(${column}, ?) > 0`).run(from, to, from);
  }
}
