import { str, type Db, type Row } from '../db/database.ts';

/** The CDN object of a preset's spoken preview, when one was rendered for this fingerprint. */
export function currentPreview(db: Db, presetId: string, fingerprint: string): { sha256: string; ext: string } | null {
  const row = db.prepare('SELECT sha256, ext FROM preset_previews WHERE preset_id = ? AND fingerprint = ?').get(presetId, fingerprint) as
    Row | undefined;
  return row ? { sha256: str(row, 'sha256'), ext: str(row, 'ext') } : null;
}

/** Keeps the preview rendered for this fingerprint, in place of any earlier one of the preset. */
export function savePreview(db: Db, presetId: string, fingerprint: string, object: { sha256: string; ext: string }, at: string): void {
  db.prepare(
    `INSERT INTO preset_previews (preset_id, fingerprint, sha256, ext, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (preset_id) DO UPDATE SET fingerprint = excluded.fingerprint, sha256 = excluded.sha256, ext = excluded.ext, created_at = excluded.created_at`,
  ).run(presetId, fingerprint, object.sha256, object.ext, at);
}
