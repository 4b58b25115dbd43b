import { SANDBOX_LABEL } from './png.ts';
import { rngOf, seedOf } from './seed.ts';

/**
 * Mono 16-bit PCM in a WAV file. By default a LIST/INFO comment names the sandbox; with `comment`
 * null the file is the plain 44-byte header and the samples (the placeholder renderer's and the
 * tests' files).
 */
export function encodeWav(samples: Int16Array, rate: number, comment: string | null = SANDBOX_LABEL): Uint8Array {
  const info = comment === null ? null : new TextEncoder().encode(`${comment}\0`);
  const listSize = info ? 4 + 8 + info.length + (info.length % 2) : 0;
  const listChunk = info ? 8 + listSize : 0;
  const dataSize = samples.length * 2;
  const out = new Uint8Array(44 + listChunk + dataSize);
  const view = new DataView(out.buffer);
  const ascii = (at: number, text: string): void => out.set(new TextEncoder().encode(text), at);
  ascii(0, 'RIFF');
  view.setUint32(4, out.length - 8, true);
  ascii(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  if (info) {
    ascii(36, 'LIST');
    view.setUint32(40, listSize, true);
    ascii(44, 'INFOICMT');
    view.setUint32(52, info.length, true);
    out.set(info, 56);
  }
  const dataAt = 36 + listChunk;
  ascii(dataAt, 'data');
  view.setUint32(dataAt + 4, dataSize, true);
  out.set(new Uint8Array(samples.buffer, samples.byteOffset, dataSize), dataAt + 8);
  return out;
}

/** Reads a PCM WAV (as eSpeak writes it): sample rate and mono samples (first channel). */
export function decodeWav(bytes: Uint8Array): { rate: number; samples: Int16Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (at: number): string => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (text(0) !== 'RIFF' || text(8) !== 'WAVE') throw new Error('The speech engine did not produce a WAV file.');
  let at = 12;
  let rate = 0;
  let channels = 1;
  while (at + 8 <= bytes.length) {
    const id = text(at);
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ') {
      channels = view.getUint16(at + 10, true);
      rate = view.getUint32(at + 12, true);
    }
    if (id === 'data') {
      // eSpeak streams with a placeholder size; trust the bytes that are there
      const available = Math.min(size, bytes.length - at - 8);
      const frames = Math.floor(available / 2 / channels);
      const samples = new Int16Array(frames);
      for (let i = 0; i < frames; i += 1) samples[i] = view.getInt16(at + 8 + i * 2 * channels, true);
      return { rate, samples };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('The speech engine produced a WAV file without audio.');
}

/** Loudness per video frame (RMS over each frame's window), normalised to 0..1 and smoothed. */
export function loudnessEnvelope(samples: Int16Array, rate: number, fps: number, frames: number): Float32Array {
  const raw = new Float32Array(frames);
  const window = rate / fps;
  for (let f = 0; f < frames; f += 1) {
    const start = Math.floor(f * window);
    const end = Math.min(samples.length, Math.floor((f + 1) * window));
    let sum = 0;
    for (let i = start; i < end; i += 1) {
      const v = (samples[i] ?? 0) / 32768;
      sum += v * v;
    }
    raw[f] = end > start ? Math.sqrt(sum / (end - start)) : 0;
  }
  const sorted = Array.from(raw).sort((a, b) => a - b);
  const loud = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  const floor = Math.max(0.004, (sorted[Math.floor(sorted.length * 0.1)] ?? 0) * 1.5);
  const out = new Float32Array(frames);
  let level = 0;
  for (let f = 0; f < frames; f += 1) {
    const target = loud > floor ? Math.min(1, Math.max(0, ((raw[f] ?? 0) - floor) / (loud - floor))) : 0;
    // fast attack, slower release, like a jaw
    level += (target - level) * (target > level ? 0.8 : 0.45);
    out[f] = level;
  }
  return out;
}

/**
 * A soft ambient pad for videos with generate_audio: a chord progression chosen by the seed,
 * faded in and out, so each prompt has its own deterministic soundtrack.
 */
export function ambientPad(seconds: number, rate: number, seed: string): Int16Array {
  const rng = rngOf(seedOf('pad', seed));
  const root = 110 * 2 ** (rng.int(0, 11) / 12);
  const progressions = [
    [0, 5, 7, 3],
    [0, 3, 8, 7],
    [0, 7, 9, 5],
    [0, 4, 9, 5],
  ];
  const steps = rng.pick(progressions);
  const minor = rng.next() < 0.5;
  const n = Math.round(seconds * rate);
  const out = new Int16Array(n);
  const chordLength = Math.max(1, seconds / steps.length);
  for (let i = 0; i < n; i += 1) {
    const t = i / rate;
    const step = steps[Math.min(steps.length - 1, Math.floor(t / chordLength))] ?? 0;
    const base = root * 2 ** (step / 12);
    const third = base * 2 ** ((minor ? 3 : 4) / 12);
    const fifth = base * 1.5;
    const lfo = 0.75 + 0.25 * Math.sin(2 * Math.PI * 0.3 * t);
    const v =
      (Math.sin(2 * Math.PI * base * t) +
        0.6 * Math.sin(2 * Math.PI * third * t) +
        0.5 * Math.sin(2 * Math.PI * fifth * t) +
        0.25 * Math.sin(2 * Math.PI * base * 2 * t)) *
      lfo;
    const fade = Math.min(1, t / 0.5, (seconds - t) / 0.5);
    out[i] = Math.round(v * fade * 5200);
  }
  return out;
}
