import { z } from 'zod';
import { ResourceKind } from '../../../shared/api/common.ts';
import { appError, JobKind, JobState, type Job, type JobTitle } from '../../../shared/ipc/index.ts';
import type { LibraryDatabase, SqlValue } from '../library/libraryDatabase.ts';
import { jobKind } from './jobKinds.ts';
import { readJobTitle } from './jobTitle.ts';
import { readStoredJobError, storedJobError } from './storedJobError.ts';
import { assertTransition, TERMINAL_JOB_STATES, UNSENT_JOB_STATES } from './jobStates.ts';

/** Where a dependent step takes its input from: a field of the finished dependency's resource. */
export const Dependency = z.object({
  /** Dotted path in this job's body, e.g. `options.audio_url`. */
  into: z.string(),
  /** Field of the dependency's resource record, e.g. `audio_url`. */
  from: z.string(),
  /** The user's quote for the whole chain; the finished body is quoted again before it is sent. */
  requote: z.boolean(),
});
export type Dependency = z.infer<typeof Dependency>;

/** A row of `jobs`, validated when read back (docs/ARCHITECTURE.md, "How the code reads"): a corrupt row is an error, not a guess. */
export const JobRecord = z.object({
  id: z.string(),
  kind: JobKind,
  state: JobState,
  title: z.string(),
  method: z.literal('POST'),
  path: z.string().startsWith('/v1/'),
  body: z.string(),
  idempotency_key: z.string().min(16),
  quote_id: z.string().nullable(),
  quoted_credits: z.number().int().nullable(),
  credits_used: z.number().int().nullable(),
  resource_kind: ResourceKind.nullable(),
  resource_id: z.string().nullable(),
  depends_on: z.string().nullable(),
  dependency_json: z
    .string()
    .nullable()
    .transform((text, ctx) => {
      if (text === null) return null;
      const parsed = Dependency.safeParse(JSON.parse(text));
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'dependency_json is not a dependency' });
        return z.NEVER;
      }
      return parsed.data;
    }),
  retry_of: z.string().nullable(),
  attempts: z.number().int().min(0),
  key_fingerprint: z.string().nullable(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  progress: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  sent_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  /** Another id the service may name this job's charge by (a character operation's generation id). */
  charge_ref: z.string().nullable(),
  /** What the service refunded of this failed job's charge (read from the credits mirror; see JOB_ROW). */
  credits_refunded: z.number().int().nullable().default(null),
  /** The jobs of one click (several results of one request) share it. */
  batch_id: z.string().nullable(),
  /** When the job reached its end state. */
  finished_at: z.string().nullable(),
  /** How long it should take from acceptance, from the library's history when it was queued. */
  estimate_ms: z.number().int().nullable(),
  /** When the first attempt whose outcome is still unknown went out; null when none is in doubt (resendRule.ts). */
  doubt_since: z.string().nullable().default(null),
  /** The service's Retry-After: the job is not sent again before then. */
  retry_after_until: z.string().nullable().default(null),
});
export type JobRecord = z.infer<typeof JobRecord>;

export type NewJob = {
  id: string;
  kind: JobKind;
  state: 'queued' | 'paused';
  title: JobTitle;
  path: string;
  body: string;
  idempotencyKey: string;
  quoteId: string | null;
  quotedCredits: number | null;
  resourceKind: ResourceKind | null;
  resourceId: string | null;
  dependsOn: string | null;
  dependency: Dependency | null;
  retryOf: string | null;
  batchId?: string | null;
  estimateMs?: number | null;
};

export type JobPatch = Partial<{
  body: string;
  quote_id: string | null;
  quoted_credits: number | null;
  credits_used: number | null;
  resource_kind: ResourceKind | null;
  resource_id: string | null;
  charge_ref: string | null;
  depends_on: string | null;
  attempts: number;
  key_fingerprint: string | null;
  error_code: string | null;
  error_message: string | null;
  progress: number | null;
  sent_at: string | null;
  accepted_at: string | null;
  finished_at: string | null;
  doubt_since: string | null;
  retry_after_until: string | null;
}>;

/**
 * A job row with what the service refunded of its charge, for a failed job: the refund
 * transactions that name its resource or its charge reference (decision 6: a refund names the
 * resource it returns a charge for), at most what the job was charged (a character's operations
 * share its id). Null when none.
 */
const JOB_ROW = `j.*, CASE WHEN j.state = 'failed' AND j.credits_used IS NOT NULL AND j.resource_id IS NOT NULL
  THEN min(j.credits_used, (SELECT sum(t.amount) FROM credit_transactions t WHERE t.type = 'refund' AND t.resource_id IN (j.resource_id, j.charge_ref))) END AS credits_refunded`;

/** The error code on a step whose earlier step failed (it waits for a retry of that step). */
export const DEPENDENCY_FAILED = 'dependency_failed' as const;

/** Ids per query when looking jobs up by many resources (SQLite bounds the parameters of a statement). */
const IDS_PER_QUERY = 400;

/** The outbox table. Every state change goes through `transition`, which checks jobStates.ts. */
export class JobStore {
  private readonly library: LibraryDatabase;
  private readonly now: () => string;

  constructor(library: LibraryDatabase, now: () => string) {
    this.library = library;
    this.now = now;
  }

  insert(job: NewJob): JobRecord {
    const now = this.now();
    this.library.run(
      `INSERT INTO jobs (id, kind, state, title, method, path, body, idempotency_key, quote_id, quoted_credits, resource_kind, resource_id,
                         depends_on, dependency_json, retry_of, batch_id, estimate_ms, attempts, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'POST', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
      job.id,
      job.kind,
      job.state,
      JSON.stringify(job.title),
      job.path,
      job.body,
      job.idempotencyKey,
      job.quoteId,
      job.quotedCredits,
      job.resourceKind,
      job.resourceId,
      job.dependsOn,
      job.dependency ? JSON.stringify(job.dependency) : null,
      job.retryOf,
      job.batchId ?? null,
      job.estimateMs ?? null,
      now,
      now,
    );
    return this.require(job.id);
  }

  get(id: string): JobRecord | null {
    const row = this.library.get<Record<string, unknown>>(`SELECT ${JOB_ROW} FROM jobs j WHERE j.id = ?`, id);
    return row ? JobRecord.parse(row) : null;
  }

  require(id: string): JobRecord {
    const job = this.get(id);
    if (!job) throw new Error(`No job ${id}.`);
    return job;
  }

  /** Checks the move against the table, then writes it with the patch. Call inside a transaction to pair it with other writes. */
  transition(id: string, to: JobState, patch: JobPatch = {}): JobRecord {
    const job = this.require(id);
    if (job.state !== to) assertTransition(job.state, to, job);
    const ends = job.state !== to && TERMINAL_JOB_STATES.includes(to);
    this.update(id, ends ? { ...patch, finished_at: this.now() } : { ...patch }, to);
    return this.require(id);
  }

  /** A patch with no state change (a resend's attempt count, progress). */
  update(id: string, patch: JobPatch, state?: JobState): void {
    const sets: string[] = ['updated_at = ?'];
    const params: SqlValue[] = [this.now()];
    if (state) {
      sets.push('state = ?');
      params.push(state);
    }
    for (const [key, value] of Object.entries(patch)) {
      sets.push(`${key} = ?`);
      params.push(value === undefined ? null : value);
    }
    params.push(id);
    this.library.run(`UPDATE jobs SET ${sets.join(', ')} WHERE id = ?`, ...params);
  }

  inStates(states: readonly JobState[]): JobRecord[] {
    return this.library
      .all<Record<string, unknown>>(
        `SELECT * FROM jobs WHERE state IN (${states.map(() => '?').join(', ')}) ORDER BY created_at, rowid`,
        ...states,
      )
      .map((row) => JobRecord.parse(row));
  }

  /** Jobs of one kind whose dependency is done (or that have none), in the given states, oldest first. */
  ready(kind: JobKind, states: readonly JobState[], limit: number): JobRecord[] {
    return this.library
      .all<Record<string, unknown>>(
        `SELECT j.* FROM jobs j WHERE j.kind = ? AND j.state IN (${states.map(() => '?').join(', ')})
           AND (j.depends_on IS NULL OR (SELECT d.state FROM jobs d WHERE d.id = j.depends_on) = 'done')
         ORDER BY j.created_at, j.rowid LIMIT ?`,
        kind,
        ...states,
        limit,
      )
      .map((row) => JobRecord.parse(row));
  }

  /** Whether a live job already spends this quote (a quote pays for one request only). */
  quoteInUse(quoteId: string): boolean {
    return this.library.get("SELECT 1 AS x FROM jobs WHERE quote_id = ? AND state NOT IN ('failed', 'cancelled')", quoteId) !== undefined;
  }

  /** Whether a failed job already has its retry (a failed job stays failed; one retry per click, not two). */
  retriedBy(id: string): boolean {
    return this.library.get('SELECT 1 AS x FROM jobs WHERE retry_of = ?', id) !== undefined;
  }

  /** Never-sent intents with no price yet (made offline), oldest first; the queue prices them before sending. */
  unpriced(): JobRecord[] {
    return this.library
      .all<Record<string, unknown>>(
        `SELECT * FROM jobs WHERE state IN ('queued', 'waiting_connection') AND quoted_credits IS NULL AND attempts = 0
           AND (dependency_json IS NULL OR json_extract(dependency_json, '$.requote') = 0)
         ORDER BY created_at, rowid`,
      )
      .map((row) => JobRecord.parse(row));
  }

  /**
   * A step failed: the steps waiting for it cannot run until it is retried. They keep their place
   * (and their credits set aside, since a retry sends them) and say why.
   */
  holdDependents(failed: JobRecord): JobRecord[] {
    return this.dependents(failed.id)
      .filter((job) => job.attempts === 0 && (job.state === 'queued' || job.state === 'waiting_connection' || job.state === 'paused'))
      .filter((job) => job.error_code === null || job.error_code === DEPENDENCY_FAILED)
      .map((job) => {
        this.update(job.id, storedJobError(appError(DEPENDENCY_FAILED, {})));
        return this.require(job.id);
      });
  }

  dependents(id: string): JobRecord[] {
    return this.library.all<Record<string, unknown>>('SELECT * FROM jobs WHERE depends_on = ?', id).map((row) => JobRecord.parse(row));
  }

  /** Failed jobs of these resources (refunds for them just arrived; a full sync may bring thousands). */
  failedFor(resourceIds: readonly string[]): JobRecord[] {
    const found = new Map<string, JobRecord>();
    for (let at = 0; at < resourceIds.length; at += IDS_PER_QUERY) {
      const ids = resourceIds.slice(at, at + IDS_PER_QUERY);
      const marks = ids.map(() => '?').join(', ');
      for (const row of this.library.all<Record<string, unknown>>(
        `SELECT ${JOB_ROW} FROM jobs j WHERE j.state = 'failed' AND (j.resource_id IN (${marks}) OR j.charge_ref IN (${marks}))`,
        ...ids,
        ...ids,
      )) {
        const job = JobRecord.parse(row);
        found.set(job.id, job);
      }
    }
    return [...found.values()];
  }

  processingFor(kind: string, resourceId: string): JobRecord[] {
    return this.library
      .all<Record<string, unknown>>(
        "SELECT * FROM jobs WHERE state = 'processing' AND resource_kind = ? AND resource_id = ?",
        kind,
        resourceId,
      )
      .map((row) => JobRecord.parse(row));
  }

  /** Recent jobs for the queue screen: every unfinished one and the latest finished ones. */
  recent(limit: number): JobRecord[] {
    return this.library
      .all<Record<string, unknown>>(
        `SELECT ${JOB_ROW} FROM jobs j WHERE j.state NOT IN ('done', 'failed', 'cancelled')
         UNION ALL SELECT * FROM (SELECT ${JOB_ROW} FROM jobs j WHERE j.state IN ('done', 'failed', 'cancelled') ORDER BY j.updated_at DESC LIMIT ?)
         ORDER BY created_at DESC`,
        limit,
      )
      .map((row) => JobRecord.parse(row));
  }

  /** Credits quoted for work not yet accepted by the service (the spend guard's "pending"). */
  pendingCredits(): number {
    return (
      this.library.get<{ n: number | null }>(
        `SELECT sum(quoted_credits) AS n FROM jobs WHERE state IN (${UNSENT_JOB_STATES.map(() => '?').join(', ')})`,
        ...UNSENT_JOB_STATES,
      )?.n ?? 0
    );
  }
}

export function toJob(record: JobRecord): Job {
  return {
    id: record.id,
    kind: record.kind,
    state: record.state,
    title: readJobTitle(record),
    quotedCredits: record.quoted_credits,
    creditsUsed: record.credits_used,
    creditsRefunded: record.credits_refunded,
    resourceKind: record.resource_kind,
    resourceId: record.resource_id,
    dependsOn: record.depends_on,
    retryOf: record.retry_of,
    attempts: record.attempts,
    progress: record.progress,
    error: readStoredJobError(record),
    createdAt: record.created_at,
    updatedAt: record.updated_at,
    startedAt: record.accepted_at,
    estimateMs: record.estimate_ms,
    batchId: record.batch_id,
    ...subjectOf(record),
  };
}

/** The character, prompt and generation type a job's request names (a placeholder shows them while it runs). */
function subjectOf(record: JobRecord): Pick<Job, 'characterId' | 'prompt' | 'generationType' | 'aspectRatio'> {
  if (jobKind(record.kind).makes !== 'generation')
    return {
      characterId: record.resource_kind === 'character' ? record.resource_id : null,
      prompt: null,
      generationType: null,
      aspectRatio: null,
    };
  const body = JSON.parse(record.body) as { character_id?: unknown; prompt?: unknown; type?: unknown; options?: unknown };
  const type = body.type === 'image' || body.type === 'video' || body.type === 'talk' ? body.type : null;
  const options = typeof body.options === 'object' && body.options !== null ? (body.options as { aspect_ratio?: unknown }) : {};
  return {
    characterId: typeof body.character_id === 'string' ? body.character_id : null,
    prompt: typeof body.prompt === 'string' ? body.prompt : null,
    generationType: type,
    aspectRatio: typeof options.aspect_ratio === 'string' ? options.aspect_ratio : null,
  };
}
