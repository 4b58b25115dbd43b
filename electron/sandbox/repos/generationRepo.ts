import { num, numOrNull, str, strOrNull, type Db, type Row } from '../db/database.ts';

export type GenerationStatus = 'pending' | 'processing' | 'completed' | 'failed';

export type GenerationRecord = {
  seq: number;
  id: string;
  userId: string;
  characterId: string;
  characterVersion: number | null;
  type: string;
  /** Which operation made it: characters.create, characters.regenerate or generations.create. */
  operation: string;
  status: GenerationStatus;
  prompt: string | null;
  model: string | null;
  options: Record<string, unknown>;
  creditsUsed: number;
  outputUrl: string | null;
  thumbnailUrl: string | null;
  durationSeconds: number | null;
  errorMessage: string | null;
  dueMs: number | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
};

export function toGeneration(row: Row): GenerationRecord {
  return {
    seq: num(row, 'seq'),
    id: str(row, 'id'),
    userId: str(row, 'user_id'),
    characterId: str(row, 'character_id'),
    characterVersion: numOrNull(row, 'character_version'),
    type: str(row, 'type'),
    operation: str(row, 'operation'),
    status: str(row, 'status') as GenerationStatus,
    prompt: strOrNull(row, 'prompt'),
    model: strOrNull(row, 'model'),
    options: JSON.parse(str(row, 'options')) as Record<string, unknown>,
    creditsUsed: num(row, 'credits_used'),
    outputUrl: strOrNull(row, 'output_url'),
    thumbnailUrl: strOrNull(row, 'thumbnail_url'),
    durationSeconds: numOrNull(row, 'duration_seconds'),
    errorMessage: strOrNull(row, 'error_message'),
    dueMs: numOrNull(row, 'due_ms'),
    createdAt: str(row, 'created_at'),
    updatedAt: str(row, 'updated_at'),
    completedAt: strOrNull(row, 'completed_at'),
  };
}

/** What a creating request writes: the record without what the database and the job fill in later. */
export type NewGeneration = Omit<GenerationRecord, 'seq' | 'outputUrl' | 'thumbnailUrl' | 'durationSeconds' | 'errorMessage' | 'createdAt' | 'updatedAt' | 'completedAt'> & {
  now: Date;
};

export function insertGeneration(db: Db, g: NewGeneration): void {
  const at = g.now.toISOString();
  db.prepare(
    `INSERT INTO generations (id, user_id, character_id, character_version, type, operation, status, prompt, model, options, credits_used, due_ms, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(g.id, g.userId, g.characterId, g.characterVersion, g.type, g.operation, g.status, g.prompt, g.model, JSON.stringify(g.options), g.creditsUsed, g.dueMs, at, at);
}

export function getGeneration(db: Db, id: string): GenerationRecord | null {
  const row = db.prepare('SELECT * FROM generations WHERE id = ?').get(id) as Row | undefined;
  return row ? toGeneration(row) : null;
}

export function findOwnedGeneration(db: Db, userId: string, id: string): GenerationRecord | null {
  const row = db.prepare('SELECT * FROM generations WHERE id = ? AND user_id = ? AND deleted_at IS NULL').get(id, userId) as Row | undefined;
  return row ? toGeneration(row) : null;
}

/** spec 2.3: the polling record; `output` only when completed. */
export function generationJson(g: GenerationRecord): Record<string, unknown> {
  const base: Record<string, unknown> = {
    id: g.id,
    type: g.type,
    status: g.status,
    prompt: g.prompt,
    character_id: g.characterId,
    credits_used: g.creditsUsed,
    completed_at: g.completedAt,
    error_message: g.errorMessage,
    model: g.model,
    options: g.options,
    operation: g.operation,
    duration_seconds: g.durationSeconds,
    created_at: g.createdAt,
    updated_at: g.updatedAt,
  };
  if (g.status === 'completed' && g.outputUrl && g.thumbnailUrl) base.output = { url: g.outputUrl, thumbnail_url: g.thumbnailUrl };
  return base;
}
