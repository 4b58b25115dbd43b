import type { IntentDraft } from './intentRequests.ts';
import type { Enqueue } from './jobQueue.ts';
import type { Dependency } from './jobStore.ts';

/** The talk clip speaks the speech's audio_url (spec 4.5 then 4.2), quoted again once that audio exists. */
export const SPEECH_INTO_TALK: Dependency = { into: 'options.audio_url', from: 'audio_url', requote: true };

/** A talk clip that waits for its speech: its body without the audio yet, and the credits it should cost (an estimate, or null). */
export type ChainedTalk = { draft: IntentDraft; quotedCredits: number | null };

export type SpeechTalkChain = {
  /** The speech step, priced; or the job of a speech made already (only its clip goes, after it). */
  speech: Enqueue | { jobId: string };
  /** The clip fed with the speech's audio; null for a speech alone. */
  talk: ChainedTalk | null;
  /** The group the chain's jobs are shown under in the queue. */
  batchId?: string;
};

/** Where a chain's steps sit in the batch (null for a step it does not send). */
export type ChainPlaces = { speechAt: number | null; talkAt: number | null };

/**
 * Adds one chain, speech then the talk clip that speaks its audio, to a batch the queue commits in
 * one transaction. The clip carries no quote of its own: the queue quotes it again when the speech
 * is ready, so it is never sent on a price asked without its real audio.
 */
export function addSpeechTalkChain(batch: Enqueue[], chain: SpeechTalkChain): ChainPlaces {
  const group = chain.batchId === undefined ? {} : { batchId: chain.batchId };
  const made = 'jobId' in chain.speech ? chain.speech.jobId : null;
  const speechAt = made === null ? batch.push({ ...(chain.speech as Enqueue), ...group }) - 1 : null;
  if (!chain.talk) return { speechAt, talkAt: null };
  const talk: Enqueue = {
    ...chain.talk.draft,
    quoteId: null,
    quotedCredits: chain.talk.quotedCredits,
    dependsOn: made === null ? { index: speechAt as number } : { jobId: made },
    dependency: SPEECH_INTO_TALK,
    ...group,
  };
  return { speechAt, talkAt: batch.push(talk) - 1 };
}
