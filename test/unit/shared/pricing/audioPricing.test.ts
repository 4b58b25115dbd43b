import { describe, expect, it } from 'vitest';
import { PRICING_AUDIO, PricingAudio, silentWav } from '../../../../shared/pricing/audioPricing.ts';

const text = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));

describe('the audio a talk clip is priced with', () => {
  it('is 0.1 s of 8 kHz 16-bit mono silence in a well-formed WAV file', () => {
    const wav = silentWav();
    const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
    expect(text(wav, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(wav.byteLength - 8);
    expect(text(wav, 8, 8)).toBe('WAVEfmt ');
    expect({
      format: view.getUint16(20, true),
      channels: view.getUint16(22, true),
      rate: view.getUint32(24, true),
      byteRate: view.getUint32(28, true),
      blockAlign: view.getUint16(32, true),
      bits: view.getUint16(34, true),
    }).toEqual({ format: 1, channels: 1, rate: 8000, byteRate: 16000, blockAlign: 2, bits: 16 });
    expect(text(wav, 36, 4)).toBe('data');
    const data = view.getUint32(40, true);
    expect(data).toBe(wav.byteLength - 44);
    expect(data / 2 / 8000).toBeCloseTo(0.1, 6);
    expect(wav.subarray(44).every((byte) => byte === 0)).toBe(true);
  });

  it('is uploaded as a WAV file', () => {
    expect(PRICING_AUDIO).toEqual({ fileName: 'price-check-silence.wav', contentType: 'audio/wav' });
  });

  it('is uploaded once and shared by quotes asked at the same time and later', async () => {
    let uploads = 0;
    const audio = new PricingAudio(async () => `https://cdn.example/silence-${++uploads}.wav`);
    const [a, b] = await Promise.all([audio.url(), audio.url()]);
    expect([a, b, await audio.url()]).toEqual([
      'https://cdn.example/silence-1.wav',
      'https://cdn.example/silence-1.wav',
      'https://cdn.example/silence-1.wav',
    ]);
    expect(uploads).toBe(1);
    audio.forget();
    expect(await audio.url()).toBe('https://cdn.example/silence-2.wav');
  });

  it('tries the upload again at the next quote when it gave nothing', async () => {
    const answers: (string | null)[] = [null, 'https://cdn.example/silence.wav'];
    let uploads = 0;
    const audio = new PricingAudio(async () => answers[uploads++] ?? null);
    expect(await audio.url()).toBeNull();
    expect(await audio.url()).toBe('https://cdn.example/silence.wav');
    expect(await audio.url()).toBe('https://cdn.example/silence.wav');
    expect(uploads).toBe(2);
  });
});
