import { refundFor } from '../credits.ts';
import { findPreset } from '../presets.ts';
import { completeAudio, failAudio as failTrack, getAudio } from '../repos/audioRepo.ts';
import { getVoice } from '../repos/voiceRepo.ts';
import type { Services } from '../services.ts';
import { storeMedia } from './jobSupport.ts';

/** Text-to-speech of one audio track with its voice's parameters. */
export async function renderAudio(s: Services, audioId: string): Promise<() => void> {
  const track = getAudio(s.db, audioId);
  if (!track) throw new Error('The audio track of this job no longer exists.');
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
    completeAudio(s.db, audioId, output.url, rendered.durationSeconds, at);
  };
}

export function failAudio(s: Services, audioId: string, message: string): void {
  const at = s.now().toISOString();
  if (failTrack(s.db, audioId, message, at)) refundFor(s.db, audioId, 'Refund: speech generation failed', s.now());
}
