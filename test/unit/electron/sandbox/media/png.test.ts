import { describe, expect, it } from 'vitest';
import { frameSize } from '../../../../../electron/sandbox/media/frameSize.ts';
import { readPngText, sniffImageType, withPngText } from '../../../../../electron/sandbox/media/png.ts';
import { svgToPng } from '../../../../../electron/sandbox/media/raster.ts';
import { decodeWav, encodeWav, loudnessEnvelope } from '../../../../../electron/sandbox/media/wav.ts';

describe('media building blocks', () => {
  it('round-trip PNG text chunks, compressed or not', () => {
    const png = svgToPng(
      '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="red"/></svg>',
    ).bytes;
    const tagged = withPngText(png, { Title: 'Ava' }, { 'cast-studio:figure': '<svg>ü</svg>' });
    expect(readPngText(tagged)).toMatchObject({ Software: 'Cast Studio sandbox', Title: 'Ava', 'cast-studio:figure': '<svg>ü</svg>' });
    expect(sniffImageType(tagged)).toBe('image/png');
  });

  it('size frames by aspect ratio with even sides', () => {
    expect(frameSize('21:9', 1280)).toEqual({ width: 1280, height: 548 });
    expect(frameSize('3:4', 1920)).toEqual({ width: 1440, height: 1920 });
  });

  it('write WAV files that read back, and measure loudness per frame', () => {
    const rate = 8000;
    const samples = new Int16Array(rate);
    for (let i = rate / 2; i < rate; i += 1) samples[i] = Math.round(12000 * Math.sin(i / 3));
    const back = decodeWav(encodeWav(samples, rate));
    expect(back.rate).toBe(rate);
    expect(Array.from(back.samples)).toEqual(Array.from(samples));
    const envelope = loudnessEnvelope(samples, rate, 10, 10);
    expect(envelope[2]).toBe(0);
    expect(envelope[8]).toBeGreaterThan(0.9);
  });
});
