/**
 * A voice sample trimmed before it is sent: decoded with Web Audio, cut to [start, end) seconds,
 * and written back as a 16-bit PCM WAV. The cutting and the encoding are pure; only `trimSample`
 * needs a browser.
 */

import { encodeWav } from '../../../shared/media/wav.ts';

/** The samples of each channel between `start` and `end` seconds (clamped to the audio). */
export function cutChannels(channels: readonly Float32Array[], sampleRate: number, start: number, end: number): Float32Array[] {
  const length = channels[0]?.length ?? 0;
  const from = Math.min(Math.max(Math.round(start * sampleRate), 0), length);
  const to = Math.min(Math.max(Math.round(end * sampleRate), from), length);
  return channels.map((channel) => channel.slice(from, to));
}

/** A WAV's length in seconds, read from its header (the fmt and data chunks). */
export function wavSeconds(bytes: ArrayBuffer): number {
  const view = new DataView(bytes);
  let at = 12;
  let byteRate = 0;
  while (at + 8 <= view.byteLength) {
    const id = String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ') byteRate = view.getUint32(at + 16, true);
    if (id === 'data') return byteRate > 0 ? size / byteRate : 0;
    at += 8 + size + (size % 2);
  }
  return 0;
}

/** The decoded sample: its channels, rate and length, for the trim controls. */
export type DecodedSample = { channels: Float32Array[]; sampleRate: number; seconds: number };

/** Decodes an audio file with Web Audio (an offline context: nothing plays, no device is opened). */
export async function decodeSample(file: Blob): Promise<DecodedSample> {
  const context = new OfflineAudioContext(1, 1, 44_100);
  const audio = await context.decodeAudioData(await file.arrayBuffer());
  const channels = Array.from({ length: audio.numberOfChannels }, (_, index) => audio.getChannelData(index));
  return { channels, sampleRate: audio.sampleRate, seconds: audio.duration };
}

/** The part of the sample between `start` and `end` seconds, as a WAV file named after the original. */
export function trimSample(sample: DecodedSample, name: string, start: number, end: number): File {
  const wav = encodeWav(cutChannels(sample.channels, sample.sampleRate, start, end), sample.sampleRate);
  const base = name.replace(/\.[^.]+$/, '');
  return new File([wav], `${base}-trimmed.wav`, { type: 'audio/wav' });
}
