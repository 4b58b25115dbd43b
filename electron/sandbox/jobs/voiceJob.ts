import { refundFor } from '../credits.ts';
import { getVoice } from '../repos/voiceRepo.ts';
import type { Services } from '../services.ts';
import { renderPreview } from '../voicePreviews.ts';

/**
 * A clone (from its sample) or a design (from its description): the renderer derives its
 * parameters, then speaks the voice's preview with them, so the voice is ready with its preview.
 */
export async function renderVoice(s: Services, voiceId: string): Promise<() => void> {
  const voice = getVoice(s.db, voiceId);
  if (!voice) throw new Error('The voice of this job no longer exists.');
  const sampleObject = voice.sourceSha256 ? s.cdn.get(voice.sourceSha256) : null;
  const sample = sampleObject ? { bytes: s.cdn.read(sampleObject), contentType: sampleObject.contentType } : null;
  const params = await s.renderer.analyzeVoice({ sample, description: voice.description, name: voice.name });
  const preview = await renderPreview(s, { id: voice.id, name: voice.name, model: voice.model, params });
  return () => {
    const now = s.now();
    const at = now.toISOString();
    const changed = s.db
      .prepare(`UPDATE voices SET status = 'ready', params = ?, preview_url = ?, updated_at = ? WHERE id = ? AND status = 'processing'`)
      .run(JSON.stringify(params), preview.url, at, voiceId).changes;
    // Owned like any output, so the owner may also pass it back as an input (e.g. a talk's audio_url).
    if (Number(changed) > 0) s.cdn.own(voice.userId, preview, 'generated', now);
  };
}

export function failVoice(s: Services, voiceId: string, message: string): void {
  const at = s.now().toISOString();
  const changed = s.db
    .prepare(`UPDATE voices SET status = 'failed', error_message = ?, updated_at = ? WHERE id = ? AND status = 'processing'`)
    .run(message, at, voiceId).changes;
  if (Number(changed) > 0) refundFor(s.db, voiceId, 'Refund: voice setup failed', s.now());
}
