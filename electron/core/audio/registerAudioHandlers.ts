import type { AudioTrack } from '../../../shared/api/index.ts';
import type { CoreContext } from '../coreContext.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import { audioIntent } from '../jobs/intentKinds.ts';
import { priceIntent } from '../jobs/pricing.ts';

export function registerAudioHandlers(ctx: CoreContext): void {
  const { router, connections } = ctx;

  router.register('audio.list', (input) => {
    const session = connections.requireSession();
    const rows = input.voiceId
      ? session.library.all<{ raw_json: string; text: string | null; voice_id: string | null }>('SELECT raw_json, text, voice_id FROM audio_tracks WHERE voice_id = ? ORDER BY created_at DESC', input.voiceId)
      : session.library.all<{ raw_json: string; text: string | null; voice_id: string | null }>('SELECT raw_json, text, voice_id FROM audio_tracks ORDER BY created_at DESC');
    return rows.map((row) => {
      const track = JSON.parse(row.raw_json) as AudioTrack;
      // The accepted answer has no text; the request we sent does, and the mirror kept it.
      return { ...track, ...(track.text === undefined && row.text !== null ? { text: row.text } : {}), ...(track.voice_id === undefined && row.voice_id ? { voice_id: row.voice_id } : {}) };
    });
  });

  router.register('audio.create', async (input) => {
    const session = connections.requireSession();
    const draft = audioIntent(input.body);
    const price = await priceIntent(session, draft, input.quoteId);
    const [job] = session.queue.enqueue([{ ...draft, ...price }]);
    return job as NonNullable<typeof job>;
  });

  router.register('audio.delete', async (input) => {
    const session = connections.requireSession();
    if (!session.canSend()) throw new AppFailure('offline', 'Deleting a track needs the service. Try again when you are online.');
    await session.api.deleteAudio(input.id);
    session.forget('audio', input.id);
    return { ok: true as const };
  });
}
