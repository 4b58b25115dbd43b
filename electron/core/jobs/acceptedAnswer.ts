import type { AudioTrack, Character, Generation, ResourceKind, Voice } from '../../../shared/api/index.ts';

/** What an accepted answer tells the queue. */
export type Accepted = {
  resourceKind: ResourceKind;
  resourceId: string;
  creditsUsed: number | null;
  creditsRemaining: number | null;
  /** Another id the service may name this job's charge by: a character operation's generation id. */
  chargeRef: string | null;
  /** true when the answer is final (revert, regenerate's terminal recovery): nothing to poll. */
  settled: boolean;
  /** A record to mirror right away, so the library shows the item while it is processed. */
  mirror:
    | { kind: 'character'; record: Character }
    | { kind: 'generation'; record: Generation }
    | { kind: 'voice'; record: Voice }
    | { kind: 'audio'; record: AudioTrack }
    | null;
};

/** The parts of an accepted answer spec 4.1 states for regenerate and revert: the status and the headers. */
export type AnswerHead = { path: string; status: number; headers: Record<string, string> };
