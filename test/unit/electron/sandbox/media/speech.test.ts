import { describe, expect, it } from 'vitest';
import { renderSpeech } from '../../../../../electron/sandbox/media/speech.ts';
import { analyzeVoice } from '../../../../../electron/sandbox/media/voiceAnalysis.ts';
import { same } from './fixtures.ts';
import { probe } from './probe.ts';

const AVA = { id: 'v1', name: 'Ava', pitch: 1.1, speed: 1, variant: 'f3' };
const BRUNO = { id: 'v2', name: 'Bruno', pitch: 0.7, speed: 0.85, variant: 'm1' };

const speak = (text: string, voice = AVA, emotion = 'neutral') =>
  renderSpeech({ text, emotion, model: 'voice-model-a', voice, language: null });

describe('speech', { timeout: 30_000 }, () => {
  it('is a WAV whose duration grows with the text', async () => {
    const short = await speak('Hello there.');
    const long = await speak('Hello there. This is a much longer sentence, so the audio that speaks it lasts longer too.');
    expect(short.output.contentType).toBe('audio/wav');
    expect(probe(short.output.bytes).audio?.codec).toBe('pcm_s16le');
    expect(short.durationSeconds ?? 0).toBeGreaterThan(0.3);
    expect(long.durationSeconds ?? 0).toBeGreaterThan((short.durationSeconds ?? 0) * 3);
    expect(Math.abs(probe(long.output.bytes).duration - (long.durationSeconds ?? 0))).toBeLessThan(0.05);
  });

  it('differs per voice and per emotion, and is the same for the same request', async () => {
    const text = 'The sandbox speaks this line in every voice.';
    const [a, a2, b, sad, happy] = await Promise.all([
      speak(text),
      speak(text),
      speak(text, BRUNO),
      speak(text, AVA, 'sad'),
      speak(text, AVA, 'happy'),
    ]);
    expect(same(a.output, a2.output)).toBe(true);
    expect(same(a.output, b.output)).toBe(false);
    // sad speech is slower than happy speech
    expect(sad.durationSeconds ?? 0).toBeGreaterThan(happy.durationSeconds ?? 0);
  });

  it('clones parameters from a sample: a low voice reads lower than a high one', async () => {
    const text = 'This recording is the sample the clone learns its voice from, a few seconds of speech.';
    const low = await analyzeVoice({ sample: (await speak(text, BRUNO)).output, description: null, name: 'Low' });
    const high = await analyzeVoice({
      sample: (await speak(text, { ...AVA, pitch: 1.4, variant: 'f1' })).output,
      description: null,
      name: 'High',
    });
    expect(low.pitch).toBeLessThan(high.pitch);
    expect(low.variant).toMatch(/^m/);
    expect(high.variant).toMatch(/^f/);
  });

  it('designs parameters from a description, deterministically', async () => {
    const deep = await analyzeVoice({ sample: null, description: 'A deep, slow male narrator', name: 'N' });
    expect(deep).toEqual(await analyzeVoice({ sample: null, description: 'A deep, slow male narrator', name: 'N' }));
    const bright = await analyzeVoice({ sample: null, description: 'A bright, fast, excited young woman', name: 'N' });
    expect(deep.pitch).toBeLessThan(bright.pitch);
    expect(deep.speed).toBeLessThan(bright.speed);
  });

  it("reads the presets' units: a pitch factor and a named variant give a stable, distinct voice", async () => {
    const text = 'Presets keep their own voice.';
    const aria = { id: 'p1', name: 'Aria', pitch: 1.2, speed: 1, variant: 'aria' };
    const basil = { id: 'p2', name: 'Basil', pitch: 0.8, speed: 0.95, variant: 'basil' };
    const [a, a2, b] = await Promise.all([speak(text, aria), speak(text, aria), speak(text, basil)]);
    expect(same(a.output, a2.output)).toBe(true);
    expect(same(a.output, b.output)).toBe(false);
  });
});
