import type { ApiClient } from '../api/apiClient.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { Router } from '../ipc/router.ts';
import { audioIntent } from '../jobs/jobKinds.ts';
import type { JobQueue } from '../jobs/jobQueue.ts';
import { priceIntent, type PricingServices } from '../jobs/pricing.ts';
import type { RecordFlow } from '../records/recordFlow.ts';
import type { AudioStore } from './audioStore.ts';

/** What the audio commands use of the active connection. */
export type AudioServices = PricingServices & {
  api: Pick<ApiClient, 'deleteAudio'>;
  audioTracks: AudioStore;
  queue: Pick<JobQueue, 'enqueue'>;
  records: Pick<RecordFlow, 'forget'>;
};

export function registerAudioHandlers(router: Router, deps: { active: () => AudioServices }): void {
  const { active } = deps;

  router.register('audio.list', (input) => active().audioTracks.list(input.voiceId));

  router.register('audio.create', async (input) => {
    const services = active();
    const draft = audioIntent(input.body);
    const price = await priceIntent(services, draft, input.quoteId);
    const [job] = services.queue.enqueue([{ ...draft, ...price }]);
    return job as NonNullable<typeof job>;
  });

  router.register('audio.delete', async (input) => {
    const services = active();
    if (!services.canSend()) throw new AppFailure('offline', { doing: 'delete_track' });
    await services.api.deleteAudio(input.id);
    services.records.forget('audio', input.id);
    return { ok: true as const };
  });
}
