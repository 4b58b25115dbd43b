/**
 * Measures the sandbox's real renders on this machine: `node electron/sandbox/media/bench.ts`.
 * Prints each render's wall time and the worst delay the calling thread saw meanwhile (the API
 * thread's responsiveness), and writes the files to a temporary folder to look at.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CharacterParameters } from '../../../shared/api/index.ts';
import type { GenerationInput, Media } from './mediaRenderer.ts';
import { createRealRenderer } from './realRenderer.ts';

const out = mkdtempSync(join(tmpdir(), 'cast-media-bench-'));
const renderer = await createRealRenderer();

async function timed<T>(name: string, work: () => Promise<T>, save: (value: T) => Media[]): Promise<T> {
  let worst = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 10);
    last = now;
  }, 10);
  const t0 = performance.now();
  const value = await work();
  const ms = performance.now() - t0;
  clearInterval(probe);
  save(value).forEach((m, i) => writeFileSync(join(out, `${name}-${i}.${m.contentType.split('/')[1] ?? 'bin'}`), m.bytes));
  console.log(`${name.padEnd(28)} ${(ms / 1000).toFixed(2).padStart(6)} s   worst event-loop delay ${worst.toFixed(0).padStart(4)} ms`);
  return value;
}

const parameters: CharacterParameters = {
  creationType: 'human',
  gender: 'female',
  age: '30s',
  skinTone: 'medium',
  eyeColor: 'green',
  artStyle: 'hyper-realistic',
  mood: 'happy',
};
const portraits = await timed(
  'portraits',
  () => renderer.portraits({ characterId: 'c1', version: 1, parameters, customDetails: null, referenceImages: [] }),
  (p) => [p.headshot, p.fullbody, p.headshotThumb],
);
const speech = await timed(
  'speech (2 sentences)',
  () =>
    renderer.speech({
      text: 'Hello, I am the sandbox character. Every word you hear is synthesised on this machine.',
      emotion: 'happy',
      model: 'voice-model-a',
      voice: { id: 'v', name: 'Ava', pitch: 1.1, speed: 1, variant: 'f3' },
      language: null,
    }),
  (r) => [r.output],
);
const base = (options: GenerationInput['options'], prompt: string): GenerationInput => ({
  generationId: 'g',
  prompt,
  model: 'video-model-a',
  options,
  character: { headshot: portraits.headshot, fullbody: portraits.fullbody, name: 'Ava' },
  assets: { referenceImages: [], inputImage: null, startFrame: null, referenceVideo: null, audio: speech.output },
});
await timed(
  'image 16:9',
  () =>
    renderer.image(
      base(
        { aspect_ratio: '16:9', style: 'cinematic', hd: false, image_mode: 'generate', include_character: true },
        'Ava on a city street at night',
      ),
    ),
  (r) => [r.output, r.thumbnail],
);
await timed(
  'image 16:9 hd',
  () =>
    renderer.image(
      base(
        { aspect_ratio: '16:9', style: 'cinematic', hd: true, image_mode: 'generate', include_character: true },
        'Ava on a city street at night',
      ),
    ),
  (r) => [r.output],
);
const video = await timed(
  'video 5 s 16:9 standard+audio',
  () =>
    renderer.video(
      base(
        {
          aspect_ratio: '16:9',
          duration: 5,
          quality: 'standard',
          generate_audio: true,
          video_mode: 'create',
          motion_intensity: 'medium',
          include_character: true,
        },
        'Ava walks through a forest by a lake at sunset',
      ),
    ),
  (r) => [r.output, r.thumbnail],
);
await timed(
  'video 5 s 16:9 pro+audio',
  () =>
    renderer.video(
      base(
        {
          aspect_ratio: '16:9',
          duration: 5,
          quality: 'pro',
          generate_audio: true,
          video_mode: 'create',
          motion_intensity: 'medium',
          include_character: true,
        },
        'Ava walks through a forest by a lake at sunset',
      ),
    ),
  (r) => [r.output],
);
await timed(
  'video 5 s remix',
  () =>
    renderer.video({
      ...base(
        { aspect_ratio: '9:16', duration: 5, quality: 'standard', video_mode: 'remix', keep_original_sound: true, include_character: true },
        'Remix as neon',
      ),
      assets: { referenceImages: [], inputImage: null, startFrame: null, referenceVideo: video.output, audio: null },
    }),
  (r) => [r.output],
);
await timed(
  'talk (speech length)',
  () => renderer.talk(base({ duration: 15, quality: 'standard', expression: 'happy' }, 'Hello')),
  (r) => [r.output, r.thumbnail],
);
await renderer.close();
console.log(`files in ${out}`);
