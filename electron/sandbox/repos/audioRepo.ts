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
  const row = db.prepare('SELECT * FROM audio_tracks WHERE id = ? AND user_id = ? AND deleted_at IS NULL').get(id, userId) as Row | undefined;
  return row ? toAudio(row) : null;
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
