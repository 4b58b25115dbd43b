import { randomUUID } from 'node:crypto';
import type { Job } from '../../../shared/ipc/index.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import { audioIntent, generationIntent } from '../jobs/jobKinds.ts';
import type { Enqueue } from '../jobs/jobQueue.ts';
import { priceIntent } from '../jobs/pricing.ts';
import { addSpeechTalkChain, type ChainedTalk } from '../jobs/speechTalkChain.ts';
import type { LineNeed } from './lineNeeds.ts';
import type { ClaimedSend } from './sceneClaims.ts';
import { pricingAudioUrl } from './pricingAudio.ts';
import type { SceneParts } from './sceneServices.ts';
import type { SceneRecord } from './sceneStore.ts';
import { cancelSuperseded } from './supersededRenders.ts';

/** How a line goes: new jobs, or a retry of the step that failed (the other step is kept, never paid again). */
type Action = 'fresh' | 'retrySpeech' | 'retryTalk' | 'talkAfterSpeech';
type Planned = { need: LineNeed; action: Action; speech: Enqueue | null; talk: ChainedTalk | null };

/**
 * Queues each line that needs rendering as its chain (speech with the line's voice, then the talk
 * clip of the character with that audio), grouped under the scene (`batchId`). A failed line is
 * retried at the step that failed: a made speech is kept and only its clip goes again; a failed
 * speech goes again and its waiting clip follows it. The jobs and the renders that follow them
 * are committed in one transaction, so a crash leaves both or neither: a line is never queued (and
 * paid) twice. Offline, the intents wait unpriced and go when the connection is back. Steps still
 * unsent of content no line has any more (a line edited since) are cancelled first.
 */
export async function renderScene(
  parts: SceneParts,
  scene: SceneRecord,
  needs: readonly LineNeed[],
  now: string,
  keyOf: ClaimedSend['keyOf'] = () => undefined,
): Promise<Job[]> {
  const planned: Planned[] = [];
  for (const need of needs) if (need.steps !== 'none') planned.push(await planSteps(parts, need));
  cancelSuperseded(parts, scene);
  if (planned.length === 0) return [];
  checkCreditsFit(parts, planned);
  const { library, queue } = parts.services;
  return library.transaction(() => {
    if (!scene.collectionId) ownCollection(parts, scene, now);
    const retries = planned.filter((p) => p.action === 'retrySpeech' || p.action === 'retryTalk').map((p) => retryStep(parts, p, now));
    const batch: Enqueue[] = [];
    const fresh: { need: LineNeed; speechAt: number | null; madeSpeech: string | null; talkAt: number | null }[] = [];
    for (const p of planned.filter((x) => x.action === 'fresh' || x.action === 'talkAfterSpeech')) {
      // A made speech (its clip was cancelled) is kept: only a new clip goes, after it.
      const madeSpeech = p.action === 'talkAfterSpeech' ? madeSpeechOf(parts, p.need) : null;
      const speech = madeSpeech ? { jobId: madeSpeech } : (p.speech as Enqueue);
      const places = addSpeechTalkChain(batch, { speech, talk: p.talk, batchId: scene.id });
      withKey(batch, places.speechAt, keyOf(p.need, 'speech'));
      withKey(batch, places.talkAt, keyOf(p.need, 'talk'));
      fresh.push({ need: p.need, madeSpeech, ...places });
    }
    const queued = batch.length ? queue.enqueue(batch) : [];
    for (const f of fresh) {
      const { key, line } = f.need.plan;
      const speechJobId = f.madeSpeech ?? (f.speechAt === null ? null : (queued[f.speechAt]?.id ?? null));
      const talkJobId = f.talkAt === null ? null : (queued[f.talkAt]?.id ?? null);
      const audioId = f.madeSpeech ? (f.need.render?.audioId ?? null) : null;
      parts.renders.queued({ key, sceneId: scene.id, kind: line.kind, speechJobId, talkJobId, audioId }, now);
    }
    return [...queued, ...retries];
  });
}

/** A claimed line's step goes under the key every machine of the account computes alike (sceneClaims.ts). */
function withKey(batch: Enqueue[], at: number | null, idempotencyKey: string | undefined): void {
  const step = at === null ? undefined : batch[at];
  if (step && idempotencyKey) step.idempotencyKey = idempotencyKey;
}

/** The requests of one line, priced (a talk clip's price is an estimate until its speech exists). */
async function planSteps(parts: SceneParts, need: LineNeed): Promise<Planned> {
  const { services } = parts;
  const { speech, talk } = need.plan;
  const action = actionOf(parts, need);
  const speechStep: Enqueue | null =
    action !== 'retryTalk' && action !== 'talkAfterSpeech' && speech
      ? { ...audioIntent(speech), ...(await priceIntent(services, audioIntent(speech), null)) }
      : null;
  let talkStep: ChainedTalk | null = null;
  if (action !== 'retrySpeech' && need.steps !== 'speech' && talk) {
    const audioUrl = services.canSend() ? await pricingAudioUrl(parts) : null;
    const estimate = audioUrl
      ? await priceIntent(services, generationIntent({ ...talk, options: { ...talk.options, audio_url: audioUrl } }), null)
      : { quoteId: null, quotedCredits: null };
    talkStep = { draft: generationIntent(talk), quotedCredits: estimate.quotedCredits };
  }
  return { need, action, speech: speechStep, talk: talkStep };
}

function actionOf(parts: SceneParts, need: LineNeed): Action {
  const render = need.render;
  if (need.steps === 'talk') {
    const talk = render?.talkJobId ? parts.services.jobs.get(parts.renders.latestOf(render.talkJobId)) : null;
    return talk?.state === 'failed' ? 'retryTalk' : 'talkAfterSpeech';
  }
  if (render?.state !== 'failed' || !render.speechJobId) return 'fresh';
  const speech = parts.services.jobs.get(parts.renders.latestOf(render.speechJobId));
  if (speech?.state !== 'failed') return 'fresh';
  if (!render.talkJobId) return 'retrySpeech';
  // The clip still waits for its speech (held, never sent): retrying the speech lets it go.
  const talk = parts.services.jobs.get(parts.renders.latestOf(render.talkJobId));
  return talk && talk.attempts === 0 && !['done', 'failed', 'cancelled'].includes(talk.state) ? 'retrySpeech' : 'fresh';
}

/** The line's speech job, made and done, that a new clip speaks. */
function madeSpeechOf(parts: SceneParts, need: LineNeed): string {
  const speechJobId = need.render?.speechJobId;
  if (!speechJobId) throw new AppFailure('internal_error', {}, { log: 'This line has no speech to speak again.' });
  return parts.renders.latestOf(speechJobId);
}

/** A new intent for the failed step (jobs.retry's way: a new key, steps that waited for it follow it). */
function retryStep(parts: SceneParts, p: Planned, now: string): Job {
  const render = p.need.render;
  const step = p.action === 'retryTalk' ? 'talk' : 'speech';
  const failedId = step === 'talk' ? render?.talkJobId : render?.speechJobId;
  if (!render || !failedId) throw new AppFailure('internal_error', {}, { log: 'This line has no failed step to retry.' });
  const price = step === 'talk' ? { quoteId: null, quotedCredits: p.talk?.quotedCredits ?? null } : (p.speech as Enqueue);
  const job = parts.services.queue.retry(parts.renders.latestOf(failedId), price.quoteId, price.quotedCredits);
  parts.renders.retried(render.key, step, job.id, now);
  return job;
}

/** The spend guard for the whole scene at once, before anything is written. */
function checkCreditsFit(parts: SceneParts, planned: readonly Planned[]): void {
  const need = planned.reduce((sum, p) => sum + (p.speech?.quotedCredits ?? 0) + (p.talk?.quotedCredits ?? 0), 0);
  const balance = parts.services.credits.balance();
  if (balance === null || need <= 0) return;
  const pending = parts.services.queue.pendingCredits();
  if (need + pending > balance) throw new AppFailure('balance_short', { need, balance: Math.max(0, balance), pending, doing: 'scene' });
}

/** The scene's own collection in the gallery, made on its first render and named after it (the page words an untitled one). */
function ownCollection(parts: SceneParts, scene: SceneRecord, now: string): string {
  const id = randomUUID();
  parts.services.collections.create(scene.title.trim(), id);
  parts.scenes.update(scene.id, { collectionId: id }, now);
  return id;
}
