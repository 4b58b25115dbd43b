import type { Router } from '../ipc/router.ts';
import { audioIntent, generationIntent } from '../jobs/intentKinds.ts';
import type { Enqueue, JobQueue } from '../jobs/jobQueue.ts';
import { priceIntent, type PricingServices } from '../jobs/pricing.ts';

/** What the generation commands use of the active connection. */
export type GenerationServices = PricingServices & { queue: Pick<JobQueue, 'enqueue'> };

export function registerGenerationHandlers(router: Router, deps: { active: () => GenerationServices }): void {
  router.register('generations.create', async (input) => {
    const services = deps.active();
    const draft = generationIntent(input.body);
    if (!input.speech) {
      const price = await priceIntent(services, draft, input.quoteId);
      const [job] = services.queue.enqueue([{ ...draft, ...price }]);
      return job as NonNullable<typeof job>;
    }
    // Speech first, then the talk clip speaks its audio_url (spec 4.5 then 4.2). The clip's body is
    // finished, quoted and sent only when the speech is ready; a failed clip never re-pays the speech.
    const speech = audioIntent({
      voice_id: input.speech.voice_id,
      text: input.speech.text,
      ...(input.speech.emotion ? { emotion: input.speech.emotion } : {}),
      ...(input.speech.name ? { name: input.speech.name } : {}),
    });
    const speechPrice = await priceIntent(services, speech, null);
    const clipEstimate = input.quoteId
      ? await priceIntent(services, draft, input.quoteId).catch(() => ({ quoteId: null, quotedCredits: null }))
      : { quoteId: null, quotedCredits: null };
    const batch: Enqueue[] = [
      { ...speech, ...speechPrice },
      {
        ...draft,
        quoteId: null,
        quotedCredits: clipEstimate.quotedCredits,
        dependsOn: { index: 0 },
        dependency: { into: 'options.audio_url', from: 'audio_url', requote: true },
      },
    ];
    const jobs = services.queue.enqueue(batch);
    return jobs[1] as NonNullable<(typeof jobs)[1]>;
  });
}
