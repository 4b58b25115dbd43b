import { describe, expect, it } from 'vitest';
import { encodeWav as sandboxWav } from '../../../../../electron/sandbox/media/wav.ts';
import { cutChannels, wavSeconds } from '../../../../../renderer/features/voices/sampleTrim.ts';
import { encodeWav } from '../../../../../shared/media/wav.ts';

const RATE = 16_000;
const ramp = (length: number) => Float32Array.from({ length }, (_, index) => (index % 200) / 100 - 1);

describe('trimming a voice sample', () => {
  it('cuts each channel to the frames between start and end', () => {
    const left = ramp(RATE * 3);
    const right = left.map((value) => -value);
    const [cutLeft, cutRight] = cutChannels([left, right], RATE, 0.5, 2.5);
    expect(cutLeft?.length).toBe(RATE * 2);
    expect(cutLeft?.[0]).toBe(left[RATE / 2]);
    expect(cutRight?.[RATE * 2 - 1]).toBe(right[RATE * 2.5 - 1]);
  });

  it('keeps the cut inside the audio when the ends are off it or crossed', () => {
    const mono = ramp(RATE);
    expect(cutChannels([mono], RATE, -1, 5)[0]?.length).toBe(RATE);
    expect(cutChannels([mono], RATE, 0.8, 0.2)[0]?.length).toBe(0);
  });

  it('writes a 16-bit PCM WAV whose header tells its length', () => {
    const wav = encodeWav([ramp(RATE * 2)], RATE);
    const view = new DataView(wav);
    const text = (at: number) => String.fromCharCode(...new Uint8Array(wav, at, 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(RATE);
    expect(view.getUint16(34, true)).toBe(16);
    expect(wav.byteLength).toBe(44 + RATE * 2 * 2);
    expect(wavSeconds(wav)).toBe(2);
  });

  it('interleaves channels and clips samples beyond full scale', () => {
    const wav = encodeWav([Float32Array.of(1, 2), Float32Array.of(-1, -2)], RATE);
    const view = new DataView(wav);
    expect([view.getInt16(44, true), view.getInt16(46, true), view.getInt16(48, true), view.getInt16(50, true)]).toEqual([
      32767, -32768, 32767, -32768,
    ]);
    expect(view.getUint32(28, true)).toBe(RATE * 2 * 2);
  });

  it('reads the length of a WAV written elsewhere (the sandbox encoder)', () => {
    const samples = new Int16Array(RATE * 1.5);
    const bytes = sandboxWav(samples, RATE, null);
    expect(wavSeconds(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)).toBe(1.5);
  });
});
