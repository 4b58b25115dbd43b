import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { encodeWav } from './wav.ts';
import type {
  GenerationInput,
  Media,
  MediaRenderer,
  PortraitOutput,
  RenderedOutput,
  SpeechInput,
  VoiceParameters,
  VoiceSampleInput,
} from './mediaRenderer.ts';

/**
 * The stand-in renderer used when the real one (media/realRenderer.ts) is absent or fails to
 * start: tiny but valid files built in code with no dependency. Images are a flat colour derived
 * from the input, so different inputs give different files; speech is a short sine tone.
 * Video and talk clips are a still PNG frame (a placeholder the real renderer replaces).
 */
export function createPlaceholderRenderer(): MediaRenderer {
  return {
    async portraits(input) {
      const seed = `${input.characterId}:${input.version}:${input.customDetails ?? ''}`;
      const out: PortraitOutput = {
        headshot: png(seed + ':head', 64, 64),
        fullbody: png(seed + ':body', 48, 96),
        headshotThumb: png(seed + ':head', 16, 16),
        fullbodyThumb: png(seed + ':body', 12, 24),
      };
      return out;
    },
    async image(input) {
      return still(input, 64, 64);
    },
    async video(input) {
      return { ...still(input, 96, 54), durationSeconds: input.options.duration ?? 5 };
    },
    async talk(input) {
      return { ...still(input, 54, 96), durationSeconds: input.options.duration ?? 10 };
    },
    async speech(input: SpeechInput): Promise<RenderedOutput> {
      const seconds = Math.min(30, Math.max(0.5, [...input.text].length / 15));
      const audio = wav(seconds, 220 * input.voice.pitch);
      return { output: audio, thumbnail: png(`${input.voice.id}:${input.text}`, 16, 16), durationSeconds: seconds };
    },
    async analyzeVoice(input: VoiceSampleInput): Promise<VoiceParameters> {
      const digest = createHash('sha256')
        .update(input.sample?.bytes ?? new Uint8Array())
        .update(input.description ?? '')
        .update(input.name)
        .digest();
      return { pitch: 0.8 + (digest[0] ?? 0) / 640, speed: 0.9 + (digest[1] ?? 0) / 1280, variant: `v${(digest[2] ?? 0) % 8}` };
    },
    async close() {
      return undefined;
    },
  };
}

function still(input: GenerationInput, width: number, height: number): RenderedOutput {
  const seed = `${input.generationId}:${input.prompt}`;
  return { output: png(seed, width, height), thumbnail: png(seed, 16, 16), durationSeconds: null };
}

/** A valid RGB PNG of one colour derived from `seed`. */
export function png(seed: string, width: number, height: number): Media {
  const [r = 0, g = 0, b = 0] = createHash('sha256').update(seed).digest();
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { bytes: new Uint8Array(bytes), contentType: 'image/png' };
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/** A valid 16-bit mono PCM WAV: a sine tone with a short fade in and out. */
export function wav(seconds: number, frequency: number): Media {
  const rate = 16_000;
  const samples = new Int16Array(Math.round(seconds * rate));
  for (let i = 0; i < samples.length; i += 1) {
    const fade = Math.min(1, i / 800, (samples.length - i) / 800);
    samples[i] = Math.round(Math.sin((2 * Math.PI * frequency * i) / rate) * 8000 * fade);
  }
  // The plain 44-byte layout, without the sandbox's LIST comment, as this renderer has always written it.
  return { bytes: encodeWav(samples, rate, null), contentType: 'audio/wav' };
}
