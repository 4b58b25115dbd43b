import type { Voice } from '../../../shared/api/index.ts';
import type { CoreContext } from '../coreContext.ts';
import { voiceCloneIntent } from '../jobs/intentKinds.ts';
import { priceIntent } from '../jobs/pricing.ts';

export function registerVoiceHandlers(ctx: CoreContext): void {
  const { router, connections } = ctx;

  // Served from the library so the voice lab works offline; sync and the poller keep it current.
  router.register('voices.list', () => {
    const session = connections.requireSession();
    const rows = session.library.all<{ raw_json: string; owner: string | null; source_type: string }>('SELECT raw_json, owner, source_type FROM voices ORDER BY created_at DESC, name');
    const voices: Voice[] = [];
    const presets: Voice[] = [];
    for (const row of rows) {
      const voice = JSON.parse(row.raw_json) as Voice;
      if (row.owner === 'system' || row.source_type === 'preset') presets.push(voice);
      else voices.push(voice);
    }
    return { voices, presets };
  });

  router.register('voices.clone', async (input) => {
    const session = connections.requireSession();
    const draft = voiceCloneIntent(input.body);
    const price = await priceIntent(session, draft, input.quoteId);
    const [job] = session.queue.enqueue([{ ...draft, ...price }]);
    return job as NonNullable<typeof job>;
  });
}
