import { num, numOrNull, str, strOrNull, type Db, type Row } from '../db/database.ts';

export type VoiceRecord = {
  seq: number;
  id: string;
  userId: string;
  name: string;
  description: string | null;
  sourceType: string;
  model: string;
  status: 'processing' | 'ready' | 'failed';
  sourceSha256: string | null;
  params: { pitch: number; speed: number; variant: string } | null;
  previewUrl: string | null;
  errorMessage: string | null;
  creditsUsed: number;
  dueMs: number | null;
  createdAt: string;
};

export function toVoice(row: Row): VoiceRecord {
  const params = strOrNull(row, 'params');
  return {
    seq: num(row, 'seq'),
    id: str(row, 'id'),
    userId: str(row, 'user_id'),
    name: str(row, 'name'),
    description: strOrNull(row, 'description'),
    sourceType: str(row, 'source_type'),
    model: str(row, 'model'),
    status: str(row, 'status') as VoiceRecord['status'],
    sourceSha256: strOrNull(row, 'source_sha256'),
    params: params ? (JSON.parse(params) as VoiceRecord['params']) : null,
    previewUrl: strOrNull(row, 'preview_url'),
    errorMessage: strOrNull(row, 'error_message'),
    creditsUsed: num(row, 'credits_used'),
    dueMs: numOrNull(row, 'due_ms'),
    createdAt: str(row, 'created_at'),
  };
}

export function getVoice(db: Db, id: string): VoiceRecord | null {
  const row = db.prepare('SELECT * FROM voices WHERE id = ? AND deleted_at IS NULL').get(id) as Row | undefined;
  return row ? toVoice(row) : null;
}

export type NewVoice = {
  id: string;
  userId: string;
  name: string;
  description: string | null;
  sourceType: string;
  model: string;
  sourceSha256: string | null;
  creditsUsed: number;
  dueMs: number;
  at: string;
};

/** spec 4.4: a new voice is processing until its job derives its parameters and preview. */
export function insertVoice(db: Db, v: NewVoice): void {
  db.prepare(
    `INSERT INTO voices (id, user_id, name, description, source_type, model, status, source_sha256, credits_used, due_ms, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 'processing', ?, ?, ?, ?, ?)`,
  ).run(v.id, v.userId, v.name, v.description, v.sourceType, v.model, v.sourceSha256, v.creditsUsed, v.dueMs, v.at, v.at);
}

/**
 * spec 2.4: the live voices the user sees, their own and their team's, before position `after`,
 * newest first; every one of them when `limit` is null.
 */
export function listVisibleVoices(db: Db, userId: string, team: string | null, after: number, limit: number | null): VoiceRecord[] {
  const sql = `SELECT v.* FROM voices v JOIN users u ON u.id = v.user_id
    WHERE v.deleted_at IS NULL AND v.seq < ? AND (v.user_id = ? OR (? IS NOT NULL AND u.team = ?))
    ORDER BY v.seq DESC`;
  const rows = (
    limit === null ? db.prepare(sql).all(after, userId, team, team) : db.prepare(`${sql} LIMIT ?`).all(after, userId, team, team, limit)
  ) as Row[];
  return rows.map(toVoice);
}

/** Every processing voice with its due time (the scheduler's work). */
export function processingVoices(db: Db): { id: string; dueMs: number }[] {
  return (db.prepare(`SELECT id, due_ms FROM voices WHERE status = 'processing'`).all() as Row[]).map((r) => ({
    id: str(r, 'id'),
    dueMs: num(r, 'due_ms'),
  }));
}

/** A processing voice is ready with its parameters and preview; false when it was no longer processing. */
export function completeVoice(db: Db, id: string, params: NonNullable<VoiceRecord['params']>, previewUrl: string, at: string): boolean {
  const changed = db
    .prepare(`UPDATE voices SET status = 'ready', params = ?, preview_url = ?, updated_at = ? WHERE id = ? AND status = 'processing'`)
    .run(JSON.stringify(params), previewUrl, at, id).changes;
  return Number(changed) > 0;
}

/** A processing voice fails with `message`; false when it was no longer processing. */
export function failVoice(db: Db, id: string, message: string, at: string): boolean {
  const changed = db
    .prepare(`UPDATE voices SET status = 'failed', error_message = ?, updated_at = ? WHERE id = ? AND status = 'processing'`)
    .run(message, at, id).changes;
  return Number(changed) > 0;
}

export function voiceJson(v: VoiceRecord, owner: 'me' | 'team'): Record<string, unknown> {
  return {
    id: v.id,
    name: v.name,
    status: v.status,
    source_type: v.sourceType,
    description: v.description,
    model: v.model,
    preview_url: v.previewUrl,
    owner,
    error_message: v.errorMessage,
    credits_used: v.creditsUsed,
    created_at: v.createdAt,
  };
}
