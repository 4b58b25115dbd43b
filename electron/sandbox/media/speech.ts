import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Media, RenderedOutput, SpeechInput, VoiceParameters } from './mediaRenderer.ts';
import { pixelsToJpeg, svgToPixels } from './raster.ts';
import { seedOf } from './seed.ts';
import { decodeWav, encodeWav } from './wav.ts';

// The package ships no types; a string specifier keeps tsc from asking for them.
const ESPEAK_PACKAGE: string = 'espeak-ng';
const require = createRequire(import.meta.url);

type EspeakModule = { FS: { readFile(path: string): Uint8Array } };

type WasmImports = Record<string, Record<string, unknown>>;
type EspeakOptions = {
  arguments: string[];
  print?: (text: string) => void;
  printErr?: (text: string) => void;
  instantiateWasm?: (imports: WasmImports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) => object;
};

let compiled: Promise<WebAssembly.Module> | null = null;

/** The eSpeak-NG wasm, compiled once per thread and instantiated per utterance. */
function espeakWasm(): Promise<WebAssembly.Module> {
  compiled ??= readFile(require.resolve('espeak-ng/dist/espeak-ng.wasm')).then((bytes) => WebAssembly.compile(bytes));
  return compiled;
}

/**
 * eSpeak-NG's command line compiled to WebAssembly (npm `espeak-ng`, GPL-3.0-or-later): its voice
 * data is embedded in the .wasm file, so nothing is fetched and nothing is installed natively.
 * eSpeak seeds its random jitter with the clock (srand(time())); the clock it sees is fixed here
 * so the same request gives the same bytes.
 */
async function espeak(args: string[]): Promise<Uint8Array> {
  const { default: factory } = (await import(ESPEAK_PACKAGE)) as { default: (options: EspeakOptions) => Promise<EspeakModule> };
  const wasm = await espeakWasm();
  const errors: string[] = [];
  const module = await factory({
    arguments: ['-w', 'out.wav', ...args],
    print: () => undefined,
    printErr: (t) => errors.push(t),
    instantiateWasm: (imports, receive) => {
      const env = { ...imports.env, emscripten_date_now: () => FIXED_CLOCK_MS };
      void WebAssembly.instantiate(wasm, { ...imports, env, wasi_snapshot_preview1: env }).then((instance) => receive(instance, wasm));
      return {};
    },
  });
  try {
    return module.FS.readFile('out.wav');
  } catch {
    throw new Error(`The speech engine produced no audio${errors.length ? `: ${errors.join(' ')}` : ''}.`);
  }
}

const FIXED_CLOCK_MS = Date.UTC(2026, 0, 1);

/** Variants eSpeak-NG ships that all sound different; clones and designs pick among these. */
export const VOICE_VARIANTS = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'f1', 'f2', 'f3', 'f4', 'f5', 'croak', 'whisper'] as const;

/**
 * Voice parameters as voice records store them (electron/sandbox/presets.ts): `pitch` a factor
 * (1 = the variant's own pitch; up to 3, larger values are read as eSpeak's 0-99 scale), `speed` a
 * rate factor (1 = 175 words a minute; above 10, words a minute), `variant` an eSpeak variant of
 * VOICE_VARIANTS, or any other name, which picks a variant by its hash among female variants for a
 * pitch factor above 1 and male ones otherwise (so presets named after people get a stable voice).
 */
export function espeakVoice(voice: VoiceParameters): { pitch: number; wpm: number; variant: string } {
  const wpm = voice.speed > 10 ? voice.speed : voice.speed * 175;
  const pitch = voice.pitch > 3 ? voice.pitch : 50 + 40 * Math.log2(Math.max(0.25, voice.pitch));
  const known = (VOICE_VARIANTS as readonly string[]).includes(voice.variant);
  const family = voice.pitch > 3 ? voice.pitch > 55 : voice.pitch > 1;
  const pool = family ? VOICE_VARIANTS.filter((v) => v.startsWith('f')) : VOICE_VARIANTS.filter((v) => v.startsWith('m'));
  const hashed = pool[Number.parseInt(seedOf('variant', voice.variant).slice(0, 6), 16) % pool.length] ?? 'm3';
  return { pitch: clamp(Math.round(pitch), 0, 99), wpm: clamp(Math.round(wpm), 80, 450), variant: known ? voice.variant : hashed };
}

/** spec 4.5 emotion: each one moves pitch, pitch range, rate and volume its own way. */
const PROSODY: Record<string, { pitch: number; range: number; rate: number; volume: number }> = {
  auto: { pitch: 0, range: 50, rate: 1, volume: 100 },
  neutral: { pitch: -3, range: 35, rate: 1, volume: 100 },
  happy: { pitch: 12, range: 85, rate: 1.12, volume: 110 },
  sad: { pitch: -12, range: 15, rate: 0.78, volume: 80 },
  angry: { pitch: 6, range: 80, rate: 1.18, volume: 140 },
  fearful: { pitch: 16, range: 70, rate: 1.3, volume: 90 },
  disgusted: { pitch: -8, range: 40, rate: 0.88, volume: 105 },
  surprised: { pitch: 20, range: 99, rate: 1.08, volume: 115 },
};

const LANGUAGES = /^(en|en-us|en-gb|fr|de|es|it|pt|pt-br|nl|pl|ru|sv|da|fi|nb|cs|tr|el|hu|ro|ja|zh|cmn|ko|hi|ar)$/i;

/** spec 4.5 POST /v1/audio: speech of the text in the voice, as WAV. */
export async function renderSpeech(input: SpeechInput): Promise<RenderedOutput> {
  const text = input.text.replace(/\s+/g, ' ').trim();
  if (!text) throw new Error('There is no text to speak; send at least one word.');
  const voice = espeakVoice(input.voice);
  const prosody = PROSODY[input.emotion] ?? PROSODY.auto ?? { pitch: 0, range: 50, rate: 1, volume: 100 };
  const language = input.language && LANGUAGES.test(input.language) ? input.language.toLowerCase() : 'en-us';
  const args = (lang: string): string[] => [
    '-v',
    `${lang}+${voice.variant}`,
    '-p',
    String(clamp(voice.pitch + prosody.pitch, 0, 99)),
    '-s',
    String(clamp(Math.round(voice.wpm * prosody.rate), 80, 450)),
    '-a',
    String(prosody.volume),
    // pitch range has no command-line flag; SSML prosody carries it
    '-m',
    `<speak><prosody range="${prosody.range}%">${escapeSsml(text)}</prosody></speak>`,
  ];
  // a language this eSpeak build lacks falls back to English rather than failing the track
  const wav = await espeak(args(language)).catch(async (error: unknown) => {
    if (language === 'en-us') throw error;
    return espeak(args('en-us'));
  });
  const { rate, samples } = decodeWav(wav);
  if (samples.length === 0) throw new Error('The speech engine produced silence for this text.');
  return {
    output: { bytes: encodeWav(samples, rate), contentType: 'audio/wav' },
    thumbnail: waveformThumbnail(samples),
    durationSeconds: samples.length / rate,
  };
}

function escapeSsml(text: string): string {
  return text.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c] ?? c);
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

/** A waveform picture of the audio, the thumbnail of an audio track. */
function waveformThumbnail(samples: Int16Array): Media {
  const w = 320;
  const h = 120;
  const bars = 64;
  const step = Math.max(1, Math.floor(samples.length / bars));
  const rects: string[] = [];
  for (let b = 0; b < bars; b += 1) {
    let peak = 0;
    for (let i = b * step; i < Math.min(samples.length, (b + 1) * step); i += 1) peak = Math.max(peak, Math.abs(samples[i] ?? 0));
    const bh = Math.max(2, (peak / 32768) * h * 0.9);
    rects.push(`<rect x="${(b * w) / bars + 1}" y="${(h - bh) / 2}" width="${w / bars - 2}" height="${bh}" rx="1" fill="#7bdff2"/>`);
  }
  return pixelsToJpeg(
    svgToPixels(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#1d2433"/>${rects.join('')}</svg>`,
    ),
  );
}
