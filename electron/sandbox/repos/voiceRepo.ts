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
