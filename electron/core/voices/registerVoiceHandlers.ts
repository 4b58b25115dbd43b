import type { Clock } from '../clock/clock.ts';
import type { Router } from '../ipc/router.ts';
import { voiceCloneIntent } from '../jobs/jobKinds.ts';
import type { JobQueue } from '../jobs/jobQueue.ts';
import { priceIntent, type PricingServices } from '../jobs/pricing.ts';
import type { VoiceStore } from './voiceStore.ts';

/** What the voice commands use of the active connection. */
export type VoiceServices = PricingServices & {
  voices: VoiceStore;
  queue: Pick<JobQueue, 'enqueue'>;
  syncSoon(): void;
};

const PREVIEW_RESYNC_MS = 60_000;

export function registerVoiceHandlers(router: Router, deps: { active: () => VoiceServices; clock: Clock }): void {
  const { active, clock } = deps;
  let askedForPreviewsAt = Number.NEGATIVE_INFINITY;

  // Served from the library so the voice lab works offline; sync and the poller keep it current.
  // A preview plays from the media store once downloaded (every ready voice's is wanted: records/resourceKinds.ts).
  router.register('voices.list', () => {
    const services = active();
    const { voices, presets } = services.voices.list();
    // A service may render preset previews after its first listing (the sandbox does, in the
    // background): while a ready preset still has none, ask for an early sync, at most once a
    // minute, rather than leave the lab silent until the periodic one.
    if (presets.some((p) => p.status === 'ready' && !p.preview_url) && clock.now() - askedForPreviewsAt > PREVIEW_RESYNC_MS) {
      askedForPreviewsAt = clock.now();
      services.syncSoon();
    }
    return { voices, presets };
  });

  router.register('voices.clone', async (input) => {
    const services = active();
    const draft = voiceCloneIntent(input.body);
    const price = await priceIntent(services, draft, input.quoteId);
    const [job] = services.queue.enqueue([{ ...draft, ...price }]);
    return job as NonNullable<typeof job>;
  });
}
