import type { JobState } from '../../../shared/ipc/index.ts';

/**
 * The outbox's state machine: every allowed move, in one table (docs/ARCHITECTURE.md, "How the code reads"). The states are
 * shared/ipc JobState; the queue persists them and checks every change against this table.
 *
 *   queued ──► sending ──► processing ──► done
 *     │  ▲        │  │          └───────► failed
 *     │  │        │  └─► done (answers with no resource to follow: revert, terminal recovery)
 *     │  │        ├─► failed (the service refused it for good)
 *     │  │        └─► waiting_connection ──► queued / sending
 *     ▼  │
 *   paused ◄──────────────────── waiting_connection
 *     └──► cancelled ◄── queued, waiting_connection (only if no byte was ever sent)
 *   waiting_connection ──► done (the creator's word on a job in doubt: it ran)
 */
export type JobFacts = { attempts: number };

/** Why a move is refused: `already_sent` (cannot be cancelled), `never_sent` (cannot be marked done), `not_allowed`. */
export type TransitionRefusal = 'already_sent' | 'never_sent' | 'not_allowed';

/** A refused move: its code, and the log's words for it (the page words a refusal from the command's AppError). */
export type TransitionProblem = { refusal: TransitionRefusal; log: string };

type Guard = { when: (job: JobFacts) => boolean; problem: TransitionProblem };

/** A request that might have reached the service can never be cancelled: it may already be charged. */
const NEVER_SENT: Guard = {
  when: (job) => job.attempts === 0,
  problem: {
    refusal: 'already_sent',
    log: 'This job was already sent to the service, so it cannot be cancelled: it may be running and charged. Cast Studio will follow it to the end.',
  },
};

/** Only a job that may have run can be marked as done by the creator. */
const SENT: Guard = {
  when: (job) => job.attempts > 0,
  problem: { refusal: 'never_sent', log: 'This job was never sent to the service, so it cannot be marked as done.' },
};

export const JOB_TRANSITIONS: Readonly<Record<JobState, Partial<Record<JobState, Guard | true>>>> = {
  queued: { sending: true, paused: true, waiting_connection: true, cancelled: NEVER_SENT },
  paused: { queued: true, cancelled: NEVER_SENT },
  sending: { processing: true, done: true, failed: true, waiting_connection: true },
  waiting_connection: { sending: true, queued: true, paused: true, cancelled: NEVER_SENT, done: SENT },
  processing: { done: true, failed: true },
  done: {},
  failed: {},
  cancelled: {},
};

export const TERMINAL_JOB_STATES: readonly JobState[] = ['done', 'failed', 'cancelled'];

/** States whose credits are not yet charged: the spend guard counts them. */
export const UNSENT_JOB_STATES: readonly JobState[] = ['queued', 'paused', 'sending', 'waiting_connection'];

/** null when the move is allowed, else why not. */
export function transitionProblem(from: JobState, to: JobState, job: JobFacts): TransitionProblem | null {
  const rule = JOB_TRANSITIONS[from][to];
  if (rule === undefined) return { refusal: 'not_allowed', log: `A ${from.replace('_', ' ')} job cannot become ${to.replace('_', ' ')}.` };
  if (rule === true) return null;
  return rule.when(job) ? null : rule.problem;
}

export class JobTransitionError extends Error {
  readonly from: JobState;
  readonly to: JobState;

  constructor(from: JobState, to: JobState, problem: TransitionProblem) {
    super(problem.log);
    this.name = 'JobTransitionError';
    this.from = from;
    this.to = to;
  }
}

export function assertTransition(from: JobState, to: JobState, job: JobFacts): void {
  const problem = transitionProblem(from, to, job);
  if (problem) throw new JobTransitionError(from, to, problem);
}
