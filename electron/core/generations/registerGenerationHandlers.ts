import { randomUUID } from 'node:crypto';
import type { Job } from '../../../shared/ipc/index.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { Router } from '../ipc/router.ts';
import type { IntentDraft } from '../jobs/intentRequests.ts';
import { audioIntent, generationIntent } from '../jobs/jobKinds.ts';
import type { Enqueue, JobQueue } from '../jobs/jobQueue.ts';
import { priceIntent, type PricingServices } from '../jobs/pricing.ts';
import { addSpeechTalkChain } from '../jobs/speechTalkChain.ts';
import type { CommandInput } from '../../../shared/ipc/index.ts';
import { RESULTS_PER_CLICK } from '../../../shared/api/limits.ts';

/** What the generation commands use of the active connection. */
export type GenerationServices = PricingServices & { queue: Pick<JobQueue, 'enqueue'> };

type CreateInput = CommandInput<'generations.create'>;

export function registerGenerationHandlers(router: Router, deps: { active: () => GenerationServices }): void {
  router.register('generations.create', async (input) => {
    const services = deps.active();
    const draft = generationIntent(input.body);
    if (input.speech) return createWithSpeech(services, draft, input);
    const count = resultCount(input);
    if (count === 1) {
      const price = await priceIntent(services, draft, input.quoteId);
      const [job] = services.queue.enqueue([{ ...draft, ...price }]);
      return job as Job;
    }
    return createBatch(services, draft, count, input.quoteIds ?? []);
  });
}

/** The number of results asked for, within what the type allows, with one quote for each when quotes are given. */
function resultCount(input: CreateInput): number {
  const count = input.count ?? 1;
  const most: number = RESULTS_PER_CLICK[input.body.type];
  if (count > most) {
    const type = (['image', 'video', 'talk', 'speech'] as const).find((known) => known === input.body.type) ?? 'other';
    throw new AppFailure('too_many_results', { most, type }, { field: 'count' });
  }
  if (count > 1 && input.quoteIds !== undefined && input.quoteIds.length !== count)
    throw new AppFailure('prices_missing', { count }, { field: 'count' });
  return count;
}

/**
 * Several results of one click: each is its own paid job with its own quote and request key (the
 * service charges each one), committed together under one batch id, after the spend guard has
 * counted all of them.
 */
async function createBatch(services: GenerationServices, draft: IntentDraft, count: number, quoteIds: readonly string[]): Promise<Job> {
  const batch: Enqueue[] = [];
  for (let i = 0; i < count; i += 1) batch.push({ ...draft, ...(await priceIntent(services, draft, quoteIds[i] ?? null)) });
  const batchId = randomUUID();
  const [first] = services.queue.enqueue(batch.map((e) => ({ ...e, batchId })));
  return first as Job;
}

/**
 * Speech first, then the talk clip speaks its audio_url (spec 4.5 then 4.2). The clip's body is
 * finished, quoted and sent only when the speech is ready; a failed clip never re-pays the speech.
 */
async function createWithSpeech(services: GenerationServices, draft: IntentDraft, input: CreateInput): Promise<Job> {
  const speechInput = input.speech as NonNullable<CreateInput['speech']>;
  const speech = audioIntent({
    voice_id: speechInput.voice_id,
    text: speechInput.text,
    ...(speechInput.emotion ? { emotion: speechInput.emotion } : {}),
    ...(speechInput.name ? { name: speechInput.name } : {}),
  });
  const speechPrice = await priceIntent(services, speech, null);
  const clipEstimate = input.quoteId
    ? await priceIntent(services, draft, input.quoteId).catch(() => ({ quoteId: null, quotedCredits: null }))
    : { quoteId: null, quotedCredits: null };
  const batch: Enqueue[] = [];
  const { talkAt } = addSpeechTalkChain(batch, {
    speech: { ...speech, ...speechPrice },
    talk: { draft, quotedCredits: clipEstimate.quotedCredits },
  });
  const jobs = services.queue.enqueue(batch);
  return jobs[talkAt as number] as Job;
}
