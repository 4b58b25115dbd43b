import type { CoreContext } from '../coreContext.ts';
import { audioIntent, generationIntent } from '../jobs/intentKinds.ts';
import type { Enqueue } from '../jobs/jobQueue.ts';
import { priceIntent } from '../jobs/pricing.ts';

export function registerGenerationHandlers(ctx: CoreContext): void {
  const { router, connections } = ctx;

  router.register('generations.create', async (input) => {
    const session = connections.requireSession();
    const draft = generationIntent(input.body);
    if (!input.speech) {
      const price = await priceIntent(session, draft, input.quoteId);
      const [job] = session.queue.enqueue([{ ...draft, ...price }]);
      return job as NonNullable<typeof job>;
    }
    // Speech first, then the talk clip speaks its audio_url (spec 4.5 then 4.2). The clip's body is
    // finished, quoted and sent only when the speech is ready; a failed clip never re-pays the speech.
    const speech = audioIntent({ voice_id: input.speech.voice_id, text: input.speech.text, ...(input.speech.emotion ? { emotion: input.speech.emotion } : {}), ...(input.speech.name ? { name: input.speech.name } : {}) });
    const speechPrice = await priceIntent(session, speech, null);
    const clipEstimate = input.quoteId ? await priceIntent(session, draft, input.quoteId).catch(() => ({ quoteId: null, quotedCredits: null })) : { quoteId: null, quotedCredits: null };
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
    const jobs = session.queue.enqueue(batch);
    return jobs[1] as NonNullable<(typeof jobs)[1]>;
  });
}
