import type { Voice } from '../../../shared/api/index.ts';
import type { VoiceView } from '../../../shared/ipc/index.ts';
import type { CoreContext } from '../coreContext.ts';
import { voiceCloneIntent } from '../jobs/intentKinds.ts';
import { priceIntent } from '../jobs/pricing.ts';

const PREVIEW_RESYNC_MS = 60_000;

export function registerVoiceHandlers(ctx: CoreContext): void {
  const { router, connections, clock } = ctx;
  let askedForPreviewsAt = Number.NEGATIVE_INFINITY;

  // Served from the library so the voice lab works offline; sync and the poller keep it current.
  // A preview plays from the media store once downloaded (session.ts wants every ready voice's).
  router.register('voices.list', () => {
    const session = connections.requireSession();
    const rows = session.library.all<{ raw_json: string; owner: string | null; source_type: string; preview_media_id: string | null }>(
      `SELECT v.raw_json, v.owner, v.source_type,
              (SELECT d.content_id FROM downloads d
                WHERE d.owner_kind = 'voice' AND d.owner_id = v.id AND d.role = 'preview' AND d.state = 'done') AS preview_media_id
         FROM voices v ORDER BY v.created_at DESC, v.name`,
    );
    const voices: VoiceView[] = [];
    const presets: VoiceView[] = [];
    for (const row of rows) {
      const voice: VoiceView = { ...(JSON.parse(row.raw_json) as Voice), previewMediaId: row.preview_media_id };
      if (row.owner === 'system' || row.source_type === 'preset') presets.push(voice);
      else voices.push(voice);
    }
    // A service may render preset previews after its first listing (the sandbox does, in the
    // background): while a ready preset still has none, ask for an early sync, at most once a
    // minute, rather than leave the lab silent until the periodic one.
    if (presets.some((p) => p.status === 'ready' && !p.preview_url) && clock.now() - askedForPreviewsAt > PREVIEW_RESYNC_MS) {
      askedForPreviewsAt = clock.now();
      session.syncSoon();
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
