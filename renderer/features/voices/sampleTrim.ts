/**
 * A voice sample trimmed before it is sent: decoded with Web Audio, cut to [start, end) seconds,
 * and written back as a 16-bit PCM WAV. The cutting and the encoding are pure; only `trimSample`
 * needs a browser.
 */

/** The samples of each channel between `start` and `end` seconds (clamped to the audio). */
export function cutChannels(channels: readonly Float32Array[], sampleRate: number, start: number, end: number): Float32Array[] {
  const length = channels[0]?.length ?? 0;
  const from = Math.min(Math.max(Math.round(start * sampleRate), 0), length);
  const to = Math.min(Math.max(Math.round(end * sampleRate), from), length);
  return channels.map((channel) => channel.slice(from, to));
}

/** A 16-bit PCM WAV (RIFF) of the channels, interleaved; samples outside [-1, 1] are clipped. */
export function encodeWav(channels: readonly Float32Array[], sampleRate: number): ArrayBuffer {
  const count = Math.max(1, channels.length);
  const frames = channels[0]?.length ?? 0;
  const bytesPerSample = 2;
  const dataBytes = frames * count * bytesPerSample;
  const buffer = new ArrayBuffer(44 + dataBytes);
  const view = new DataView(buffer);
  const text = (at: number, value: string) => {
    for (let index = 0; index < value.length; index += 1) view.setUint8(at + index, value.charCodeAt(index));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, count, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * count * bytesPerSample, true);
  view.setUint16(32, count * bytesPerSample, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
  let at = 44;
  for (let frame = 0; frame < frames; frame += 1) {
    for (let channel = 0; channel < count; channel += 1) {
      const sample = Math.min(1, Math.max(-1, channels[channel]?.[frame] ?? 0));
      view.setInt16(at, sample < 0 ? Math.round(sample * 0x8000) : Math.round(sample * 0x7fff), true);
      at += bytesPerSample;
    }
  }
  return buffer;
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
