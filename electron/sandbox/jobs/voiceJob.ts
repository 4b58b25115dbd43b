import { refundFor } from '../credits.ts';
import { getVoice } from '../repos/voiceRepo.ts';
import type { Services } from '../services.ts';

/** A clone (from its sample) or a design (from its description): the renderer derives its parameters. */
export async function renderVoice(s: Services, voiceId: string): Promise<() => void> {
  const voice = getVoice(s.db, voiceId);
  if (!voice) throw new Error('The voice of this job no longer exists.');
  const sampleObject = voice.sourceSha256 ? s.cdn.get(voice.sourceSha256) : null;
  const sample = sampleObject ? { bytes: s.cdn.read(sampleObject), contentType: sampleObject.contentType } : null;
  const params = await s.renderer.analyzeVoice({ sample, description: voice.description, name: voice.name });
  return () => {
    const at = s.now().toISOString();
    s.db
      .prepare(`UPDATE voices SET status = 'ready', params = ?, updated_at = ? WHERE id = ? AND status = 'processing'`)
      .run(JSON.stringify(params), at, voiceId);
  };
}

export function failVoice(s: Services, voiceId: string, message: string): void {
  const at = s.now().toISOString();
  const changed = s.db
    .prepare(`UPDATE voices SET status = 'failed', error_message = ?, updated_at = ? WHERE id = ? AND status = 'processing'`)
    .run(message, at, voiceId).changes;
  if (Number(changed) > 0) refundFor(s.db, voiceId, 'Refund: voice setup failed', s.now());
}
