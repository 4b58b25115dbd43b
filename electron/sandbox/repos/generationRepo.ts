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
export type NewGeneration = Omit<
  GenerationRecord,
  'seq' | 'outputUrl' | 'thumbnailUrl' | 'durationSeconds' | 'errorMessage' | 'createdAt' | 'updatedAt' | 'completedAt'
> & {
  now: Date;
};

export function insertGeneration(db: Db, g: NewGeneration): void {
  const at = g.now.toISOString();
  db.prepare(
    `INSERT INTO generations (id, user_id, character_id, character_version, type, operation, status, prompt, model, options, credits_used, due_ms, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    g.id,
    g.userId,
    g.characterId,
    g.characterVersion,
    g.type,
    g.operation,
    g.status,
    g.prompt,
    g.model,
    JSON.stringify(g.options),
    g.creditsUsed,
    g.dueMs,
    at,
    at,
  );
}

export function getGeneration(db: Db, id: string): GenerationRecord | null {
  const row = db.prepare('SELECT * FROM generations WHERE id = ?').get(id) as Row | undefined;
  return row ? toGeneration(row) : null;
}

export function findOwnedGeneration(db: Db, userId: string, id: string): GenerationRecord | null {
  const row = db.prepare('SELECT * FROM generations WHERE id = ? AND user_id = ? AND deleted_at IS NULL').get(id, userId) as
    Row | undefined;
  return row ? toGeneration(row) : null;
}

/** spec 4.2 list filters; each one given narrows the list. */
export type GenerationFilters = {
  type?: string | undefined;
  characterId?: string | undefined;
  status?: string | undefined;
  updatedAfter?: string | undefined;
};

/** The user's live generations before position `after`, newest first. */
export function listGenerations(db: Db, userId: string, after: number, filters: GenerationFilters, limit: number): GenerationRecord[] {
  const where = ['user_id = ?', 'deleted_at IS NULL', 'seq < ?'];
  const args: (string | number)[] = [userId, after];
  for (const [column, value] of [
    ['type', filters.type],
    ['character_id', filters.characterId],
    ['status', filters.status],
  ] as const) {
    if (value !== undefined) {
      where.push(`${column} = ?`);
      args.push(value);
    }
  }
  if (filters.updatedAfter !== undefined) {
    where.push('updated_at > ?');
    args.push(filters.updatedAfter);
  }
  const rows = db.prepare(`SELECT * FROM generations WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT ?`).all(...args, limit) as Row[];
  return rows.map(toGeneration);
}

/** How many of the user's generations of one operation are processing (the account's concurrency in use). */
export function countProcessing(db: Db, userId: string, operation: string): number {
  return num(
    db
      .prepare(`SELECT COUNT(*) AS n FROM generations WHERE user_id = ? AND operation = ? AND status = 'processing'`)
      .get(userId, operation) as Row,
    'n',
  );
}

/** How many of the user's generations wait as pending. */
export function countPending(db: Db, userId: string): number {
  return num(db.prepare(`SELECT COUNT(*) AS n FROM generations WHERE user_id = ? AND status = 'pending'`).get(userId) as Row, 'n');
}

/** The users with at least one pending generation. */
export function usersWithPending(db: Db): string[] {
  return (db.prepare(`SELECT DISTINCT user_id FROM generations WHERE status = 'pending'`).all() as Row[]).map((r) => str(r, 'user_id'));
}

/** The user's oldest pending generations, at most `limit`, oldest first. */
export function oldestPending(db: Db, userId: string, limit: number): { id: string; type: string }[] {
  const rows = db
    .prepare(`SELECT id, type FROM generations WHERE user_id = ? AND status = 'pending' ORDER BY seq LIMIT ?`)
    .all(userId, limit) as Row[];
  return rows.map((r) => ({ id: str(r, 'id'), type: str(r, 'type') }));
}

/** A pending generation starts: processing, due at `dueMs`. */
export function startProcessing(db: Db, id: string, dueMs: number, at: string): void {
  db.prepare(`UPDATE generations SET status = 'processing', due_ms = ?, updated_at = ? WHERE id = ?`).run(dueMs, at, id);
}

/** The ids of every processing generation (the scheduler's work). */
export function processingGenerationIds(db: Db): string[] {
  return (db.prepare(`SELECT id FROM generations WHERE status = 'processing'`).all() as Row[]).map((r) => str(r, 'id'));
}

export type GenerationOutput = { outputUrl: string; thumbnailUrl: string; durationSeconds: number | null };

/** A processing generation completes with its output; false when it was no longer processing. */
export function completeGeneration(db: Db, id: string, output: GenerationOutput, at: string): boolean {
  const changed = db
    .prepare(
      `UPDATE generations SET status = 'completed', output_url = ?, thumbnail_url = ?, duration_seconds = ?, completed_at = ?, updated_at = ?
       WHERE id = ? AND status = 'processing'`,
    )
    .run(output.outputUrl, output.thumbnailUrl, output.durationSeconds, at, at, id).changes;
  return Number(changed) > 0;
}

/** A generation in one of the `from` states fails with `message`; false when it was in none of them. */
export function failGeneration(db: Db, id: string, message: string, at: string, from: readonly GenerationStatus[]): boolean {
  const changed = db
    .prepare(
      `UPDATE generations SET status = 'failed', error_message = ?, completed_at = ?, updated_at = ? WHERE id = ? AND status IN (${from.map(() => '?').join(', ')})`,
    )
    .run(message, at, at, id, ...from).changes;
  return Number(changed) > 0;
}

/** A pending generation is deleted before it starts: failed with `message`, never due, hidden. False when it was not pending. */
export function cancelPending(db: Db, id: string, message: string, at: string): boolean {
  const changed = db
    .prepare(
      `UPDATE generations SET status = 'failed', error_message = ?, due_ms = NULL, completed_at = ?, deleted_at = ?, updated_at = ? WHERE id = ? AND status = 'pending'`,
    )
    .run(message, at, at, at, id).changes;
  return Number(changed) > 0;
}

/** Hides the generation from every later read; a running job still finishes. */
export function softDeleteGeneration(db: Db, id: string, at: string): void {
  db.prepare('UPDATE generations SET deleted_at = ?, updated_at = ? WHERE id = ?').run(at, at, id);
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
