import { refundFor } from '../credits.ts';
import { completeVoice, failVoice as failSetup, getVoice } from '../repos/voiceRepo.ts';
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
    // Owned like any output, so the owner may also pass it back as an input (e.g. a talk's audio_url).
    if (completeVoice(s.db, voiceId, params, preview.url, at)) s.cdn.own(voice.userId, preview, 'generated', now);
  };
}

export function failVoice(s: Services, voiceId: string, message: string): void {
  const at = s.now().toISOString();
  if (failSetup(s.db, voiceId, message, at)) refundFor(s.db, voiceId, 'Refund: voice setup failed', s.now());
}
