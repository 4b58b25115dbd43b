import { num, numOrNull, str, strOrNull, type Db, type Row } from '../db/database.ts';

export type AudioRecord = {
  seq: number;
  id: string;
  userId: string;
  voiceId: string;
  name: string;
  text: string;
  model: string;
  emotion: string;
  extra: Record<string, string>;
  status: 'processing' | 'ready' | 'failed';
  audioUrl: string | null;
  durationSeconds: number | null;
  creditsUsed: number;
  errorMessage: string | null;
  dueMs: number | null;
  createdAt: string;
  completedAt: string | null;
};

export function toAudio(row: Row): AudioRecord {
  return {
    seq: num(row, 'seq'),
    id: str(row, 'id'),
    userId: str(row, 'user_id'),
    voiceId: str(row, 'voice_id'),
    name: str(row, 'name'),
    text: str(row, 'text'),
    model: str(row, 'model'),
    emotion: str(row, 'emotion'),
    extra: JSON.parse(str(row, 'extra')) as Record<string, string>,
    status: str(row, 'status') as AudioRecord['status'],
    audioUrl: strOrNull(row, 'audio_url'),
    durationSeconds: numOrNull(row, 'duration_seconds'),
    creditsUsed: num(row, 'credits_used'),
    errorMessage: strOrNull(row, 'error_message'),
    dueMs: numOrNull(row, 'due_ms'),
    createdAt: str(row, 'created_at'),
    completedAt: strOrNull(row, 'completed_at'),
  };
}

export function findOwnedAudio(db: Db, userId: string, id: string): AudioRecord | null {
  const row = db.prepare('SELECT * FROM audio_tracks WHERE id = ? AND user_id = ? AND deleted_at IS NULL').get(id, userId) as
    Row | undefined;
  return row ? toAudio(row) : null;
}

/** The track, deleted or not (a job still finishes a deleted track). */
export function getAudio(db: Db, id: string): AudioRecord | null {
  const row = db.prepare('SELECT * FROM audio_tracks WHERE id = ?').get(id) as Row | undefined;
  return row ? toAudio(row) : null;
}

export type NewAudio = {
  id: string;
  userId: string;
  voiceId: string;
  name: string;
  text: string;
  model: string;
  emotion: string;
  extra: Record<string, string>;
  creditsUsed: number;
  dueMs: number;
  at: string;
};

/** spec 4.5: a new track is processing until its speech is rendered. */
export function insertAudio(db: Db, a: NewAudio): void {
  db.prepare(
    `INSERT INTO audio_tracks (id, user_id, voice_id, name, text, model, emotion, extra, status, credits_used, due_ms, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'processing', ?, ?, ?, ?)`,
  ).run(a.id, a.userId, a.voiceId, a.name, a.text, a.model, a.emotion, JSON.stringify(a.extra), a.creditsUsed, a.dueMs, a.at, a.at);
}

/** The user's live tracks before position `after`, newest first; of one voice when given. */
export function listAudio(db: Db, userId: string, after: number, voiceId: string | undefined, limit: number): AudioRecord[] {
  const rows = (
    voiceId
      ? db
          .prepare(
            'SELECT * FROM audio_tracks WHERE user_id = ? AND deleted_at IS NULL AND seq < ? AND voice_id = ? ORDER BY seq DESC LIMIT ?',
          )
          .all(userId, after, voiceId, limit)
      : db
          .prepare('SELECT * FROM audio_tracks WHERE user_id = ? AND deleted_at IS NULL AND seq < ? ORDER BY seq DESC LIMIT ?')
          .all(userId, after, limit)
  ) as Row[];
  return rows.map(toAudio);
}

/** Hides the track from every later read. */
export function softDeleteAudio(db: Db, id: string, at: string): void {
  db.prepare('UPDATE audio_tracks SET deleted_at = ?, updated_at = ? WHERE id = ?').run(at, at, id);
}

/** Every processing track with its due time (the scheduler's work). */
export function processingAudio(db: Db): { id: string; dueMs: number }[] {
  return (db.prepare(`SELECT id, due_ms FROM audio_tracks WHERE status = 'processing'`).all() as Row[]).map((r) => ({
    id: str(r, 'id'),
    dueMs: num(r, 'due_ms'),
  }));
}

/** A processing track is ready with its speech; false when it was no longer processing. */
export function completeAudio(db: Db, id: string, audioUrl: string, durationSeconds: number | null, at: string): boolean {
  const changed = db
    .prepare(
      `UPDATE audio_tracks SET status = 'ready', audio_url = ?, duration_seconds = ?, completed_at = ?, updated_at = ? WHERE id = ? AND status = 'processing'`,
    )
    .run(audioUrl, durationSeconds, at, at, id).changes;
  return Number(changed) > 0;
}

/** A processing track fails with `message`; false when it was no longer processing. */
export function failAudio(db: Db, id: string, message: string, at: string): boolean {
  const changed = db
    .prepare(
      `UPDATE audio_tracks SET status = 'failed', error_message = ?, completed_at = ?, updated_at = ? WHERE id = ? AND status = 'processing'`,
    )
    .run(message, at, at, id).changes;
  return Number(changed) > 0;
}

/** spec 2.5: `audio_url` is set when the track is ready. */
export function audioJson(a: AudioRecord): Record<string, unknown> {
  return {
    id: a.id,
    name: a.name,
    status: a.status,
    audio_url: a.status === 'ready' ? a.audioUrl : null,
    voice_id: a.voiceId,
    model: a.model,
    emotion: a.emotion,
    text: a.text,
    ...a.extra,
    duration_seconds: a.durationSeconds,
    credits_used: a.creditsUsed,
    error_message: a.errorMessage,
    created_at: a.createdAt,
    completed_at: a.completedAt,
  };
}
