import { describe, expect, it } from 'vitest';
import { renderSpeech } from '../../../../../electron/sandbox/media/speech.ts';
import { renderTalking } from '../../../../../electron/sandbox/media/talk.ts';
import { character, generation } from './fixtures.ts';
import { probe } from './probe.ts';

const voice = { id: 'v1', name: 'Ava', pitch: 1.1, speed: 1, variant: 'f3' };
const speech = (text: string) => renderSpeech({ text, emotion: 'neutral', model: 'voice-model-a', voice, language: null });

describe('talk clips', { timeout: 60_000 }, () => {
  it('last as long as their audio, with the audio muxed in', async () => {
    const who = await character();
    for (const text of ['Hi there.', 'Hi there, this clip is a good deal longer than the first one, so it should last longer.']) {
      const audio = (await speech(text)).output;
      const audioSeconds = probe(audio.bytes).duration;
      const r = await renderTalking(generation({ duration: 15, quality: 'standard', expression: 'happy' }, text, { audio }, who), 'talk');
      const p = probe(r.output.bytes);
      expect(p.video).toMatchObject({ codec: 'h264', width: 720, height: 720 });
      expect(p.audio?.codec).toBe('aac');
      expect(Math.abs(p.duration - audioSeconds)).toBeLessThanOrEqual(0.1);
    }
  });

  it('are capped by duration', async () => {
    const audio = (await speech('This sentence takes several seconds to say, more than the two seconds the clip may last.')).output;
    const r = await renderTalking(generation({ duration: 2 }, 'capped', { audio }, await character()), 'talk');
    expect(Math.abs(probe(r.output.bytes).duration - 2)).toBeLessThanOrEqual(0.1);
    expect(r.durationSeconds).toBe(2);
  });

  it('lipsync videos follow the aspect ratio', async () => {
    const audio = (await speech('Lipsync in a wide frame.')).output;
    const r = await renderTalking(
      generation({ aspect_ratio: '16:9', duration: 5, video_mode: 'lipsync' }, 'wide', { audio }, await character()),
      'lipsync',
    );
    expect(probe(r.output.bytes).video).toMatchObject({ width: 1280, height: 720 });
  });

  it('fail with a clear message without audio', async () => {
    await expect(renderTalking(generation({ duration: 5 }, 'silent', {}, await character()), 'talk')).rejects.toThrow(/audio_url/);
  });
});
