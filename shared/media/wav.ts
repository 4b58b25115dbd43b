/** WAV files the app writes itself: a trimmed voice sample (renderer), the silent clip a talk quote is priced with (core). */

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
