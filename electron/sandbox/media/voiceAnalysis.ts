import type { VoiceParameters, VoiceSampleInput } from './mediaRenderer.ts';
import { decodeAudio } from './ffmpeg.ts';
import { FfmpegRefusal } from './ffmpegRefusal.ts';
import { rngOf, seedOf } from './seed.ts';

const RATE = 16000;
const MALE = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7'];
const FEMALE = ['f1', 'f2', 'f3', 'f4', 'f5'];

/** `pitchedShare`: the share of voiced frames with a clear pitch (low for whispers). */
export type SampleFeatures = {
  f0: number;
  centroid: number;
  zcr: number;
  syllablesPerSecond: number;
  voicedSeconds: number;
  pitchedShare: number;
};

/** Derives a clone's parameters from its sample, or a design's from its description (units: speech.ts espeakVoice). */
export async function analyzeVoice(input: VoiceSampleInput): Promise<VoiceParameters> {
  if (input.sample) {
    const samples = await decodeAudio(input.sample, RATE, 'voice sample').catch((error: unknown) => {
      throw error instanceof FfmpegRefusal
        ? error
        : new Error('The voice sample could not be read; upload a WAV, MP3, M4A or OGG recording.');
    });
    const features = sampleFeatures(samples);
    if (features.voicedSeconds < 0.5)
      throw new Error('The voice sample has less than half a second of voice; upload a clearer recording of at least a few seconds.');
    return parametersOf(features);
  }
  return designed(input.description ?? '', input.name);
}

export function parametersOf(f: SampleFeatures): VoiceParameters {
  const female = f.f0 >= 145;
  const list = female ? FEMALE : MALE;
  // brighter voices (higher spectral centroid) take the later, thinner variants
  const bucket = Math.min(list.length - 1, Math.max(0, Math.floor(((f.centroid - 1600) / 1000) * list.length)));
  const base = female ? 210 : 120;
  return {
    pitch: round2(clamp(f.f0 / base, 0.5, 2)),
    // eSpeak at its default rate measures about 4.9 loudness peaks a second here
    speed: round2(clamp(f.syllablesPerSecond / 4.9, 0.7, 1.5)),
    variant: f.zcr > 0.25 || f.pitchedShare < 0.15 ? 'whisper' : (list[bucket] ?? 'm3'),
  };
}

/** Pitch by a YIN-style difference function of voiced 40 ms frames, rate by loudness peaks, brightness by centroid and zero crossings. */
export function sampleFeatures(samples: Int16Array): SampleFeatures {
  const frame = Math.round(RATE * 0.04);
  const rms: number[] = [];
  for (let at = 0; at + frame <= samples.length; at += frame) {
    let sum = 0;
    for (let i = at; i < at + frame; i += 1) sum += ((samples[i] ?? 0) / 32768) ** 2;
    rms.push(Math.sqrt(sum / frame));
  }
  const loud = [...rms].sort((a, b) => a - b)[Math.floor(rms.length * 0.9)] ?? 0;
  const gate = Math.max(0.01, loud * 0.25);
  const pitches: number[] = [];
  let crossings = 0;
  let counted = 0;
  let centroidSum = 0;
  let voiced = 0;
  let centroidFrames = 0;
  for (let k = 0; k < rms.length; k += 1) {
    if ((rms[k] ?? 0) < gate) continue;
    voiced += 1;
    const at = k * frame;
    const f0 = framePitch(samples, at, frame);
    if (f0) pitches.push(f0);
    for (let i = at + 1; i < at + frame; i += 1) if ((samples[i] ?? 0) >= 0 !== (samples[i - 1] ?? 0) >= 0) crossings += 1;
    counted += frame;
    if (voiced % 3 === 1) {
      centroidSum += frameCentroid(samples, at, frame);
      centroidFrames += 1;
    }
  }
  let peaks = 0;
  for (let k = 1; k + 1 < rms.length; k += 1) {
    const v = rms[k] ?? 0;
    if (v > gate && v > (rms[k - 1] ?? 0) && v >= (rms[k + 1] ?? 0)) peaks += 1;
  }
  pitches.sort((a, b) => a - b);
  const voicedSeconds = (voiced * frame) / RATE;
  return {
    // a low percentile, not the median: the errors of this method are octaves up, not down
    f0: pitches[Math.floor(pitches.length * 0.35)] ?? 150,
    centroid: centroidFrames ? centroidSum / centroidFrames : 1500,
    zcr: counted ? crossings / counted : 0,
    syllablesPerSecond: voicedSeconds > 0 ? peaks / Math.max(1, (rms.length * frame) / RATE) : 4,
    voicedSeconds,
    pitchedShare: voiced ? pitches.length / voiced : 0,
  };
}

/** YIN-style pitch of one frame: the first lag whose normalised difference dips below a threshold. */
export function framePitch(samples: Int16Array, at: number, n: number): number | null {
  const minLag = Math.floor(RATE / 400);
  const maxLag = Math.floor(RATE / 60);
  const width = n - maxLag;
  let running = 0;
  let best = Number.POSITIVE_INFINITY;
  let bestLag = 0;
  for (let lag = 1; lag <= maxLag; lag += 1) {
    let d = 0;
    for (let i = 0; i < width; i += 1) {
      const diff = (samples[at + i] ?? 0) - (samples[at + i + lag] ?? 0);
      d += diff * diff;
    }
    running += d;
    const normalised = running > 0 ? (d * lag) / running : 1;
    if (lag < minLag) continue;
    if (normalised < 0.2) return RATE / lag;
    if (normalised < best) {
      best = normalised;
      bestLag = lag;
    }
  }
  return best < 0.3 && bestLag ? RATE / bestLag : null;
}

/** Spectral centroid of a frame from a 64-bin DFT (enough to tell dark from bright voices). */
function frameCentroid(samples: Int16Array, at: number, n: number): number {
  const bins = 64;
  let weighted = 0;
  let total = 0;
  for (let k = 1; k < bins; k += 1) {
    const freq = (k * RATE) / 2 / bins;
    let re = 0;
    let im = 0;
    for (let i = 0; i < n; i += 1) {
      const angle = (2 * Math.PI * freq * i) / RATE;
      re += (samples[at + i] ?? 0) * Math.cos(angle);
      im -= (samples[at + i] ?? 0) * Math.sin(angle);
    }
    const mag = Math.hypot(re, im);
    weighted += freq * mag;
    total += mag;
  }
  return total ? weighted / total : 0;
}

/** A designed voice: words of the description set what they name; the rest follows its hash. */
export function designed(description: string, name: string): VoiceParameters {
  const text = description.toLowerCase();
  const rng = rngOf(seedOf('voice-design', text || name));
  const female = /female|woman|girl|feminine|her\b|she\b|lady/.test(text)
    ? true
    : /male|man\b|boy|masculine|his\b|he\b|gentleman/.test(text)
      ? false
      : rng.next() < 0.5;
  let variant = rng.pick(female ? FEMALE : MALE);
  let pitch = round2(rng.range(0.85, 1.15));
  let speed = round2(rng.range(0.9, 1.1));
  if (/deep|low|bass|gravel|baritone/.test(text)) pitch = round2(rng.range(0.6, 0.78));
  if (/high|bright|squeak|light|soprano/.test(text)) pitch = round2(rng.range(1.3, 1.55));
  if (/child|kid|young/.test(text)) {
    pitch = round2(rng.range(1.6, 1.9));
    variant = 'f5';
  }
  if (/old|elder|aged|grand/.test(text)) {
    speed = 0.82;
    variant = female ? 'f4' : 'm7';
  }
  if (/fast|energetic|excited|quick|upbeat/.test(text)) speed = 1.3;
  if (/slow|calm|sooth|gentle|relax/.test(text)) speed = 0.8;
  if (/whisper|breathy|asmr/.test(text)) variant = 'whisper';
  if (/raspy|hoarse|croak|monster|troll/.test(text)) variant = 'croak';
  return { pitch, speed, variant };
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
