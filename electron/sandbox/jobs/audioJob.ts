import { refundFor } from '../credits.ts';
import type { Row } from '../db/database.ts';
import { findPreset } from '../presets.ts';
import { toAudio } from '../repos/audioRepo.ts';
import { getVoice } from '../repos/voiceRepo.ts';
import type { Services } from '../services.ts';
import { storeMedia } from './jobSupport.ts';

/** Text-to-speech of one audio track with its voice's parameters. */
export async function renderAudio(s: Services, audioId: string): Promise<() => void> {
  const row = s.db.prepare('SELECT * FROM audio_tracks WHERE id = ?').get(audioId) as Row | undefined;
  if (!row) throw new Error('The audio track of this job no longer exists.');
  const track = toAudio(row);
  const preset = findPreset(track.voiceId);
  const owned = preset ? null : getVoice(s.db, track.voiceId);
  const params = preset?.params ?? owned?.params ?? { pitch: 1, speed: 1, variant: 'default' };
  const rendered = await s.renderer.speech({
    text: track.text,
    emotion: track.emotion,
    model: track.model,
    voice: { id: track.voiceId, name: preset?.name ?? owned?.name ?? 'Voice', ...params },
    language: track.extra.language ?? null,
  });
  const output = storeMedia(s, rendered.output);
  return () => {
    const now = s.now();
    const at = now.toISOString();
    s.cdn.own(track.userId, output, 'generated', now);
    s.db
      .prepare(`UPDATE audio_tracks SET status = 'ready', audio_url = ?, duration_seconds = ?, completed_at = ?, updated_at = ? WHERE id = ? AND status = 'processing'`)
      .run(output.url, rendered.durationSeconds, at, at, audioId);
  };
}

export function failAudio(s: Services, audioId: string, message: string): void {
  const at = s.now().toISOString();
  const changed = s.db
    .prepare(`UPDATE audio_tracks SET status = 'failed', error_message = ?, completed_at = ?, updated_at = ? WHERE id = ? AND status = 'processing'`)
    .run(message, at, at, audioId).changes;
  if (Number(changed) > 0) refundFor(s.db, audioId, 'Refund: speech generation failed', s.now());
}
