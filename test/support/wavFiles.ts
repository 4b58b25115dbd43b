import { encodeWav } from '../../electron/sandbox/media/wav.ts';

/** A real (tiny) WAV file: a 220 Hz tone, 16-bit mono 16 kHz. */
export function toneWav(seconds = 1): Buffer {
  const rate = 16_000;
  const samples = new Int16Array(rate * seconds);
  for (let i = 0; i < samples.length; i += 1) samples[i] = Math.round(Math.sin((2 * Math.PI * 220 * i) / rate) * 8_000);
  return Buffer.from(encodeWav(samples, rate, null));
}

/** A short WAV of a voice-like tone whose loudness rises and falls (a cloning sample; a waveform with a shape). */
export function speechWav(seconds = 2, rate = 16_000): Buffer {
  const samples = new Int16Array(Math.round(rate * seconds));
  for (let i = 0; i < samples.length; i += 1) {
    const t = i / rate;
    const envelope = Math.abs(Math.sin(t * Math.PI * 3)) * (0.4 + 0.6 * Math.abs(Math.sin(t * 7)));
    const value = Math.sin(2 * Math.PI * 180 * t) * 0.6 + Math.sin(2 * Math.PI * 360 * t) * 0.3;
    samples[i] = Math.round(value * envelope * 30_000);
  }
  return Buffer.from(encodeWav(samples, rate, null));
}
