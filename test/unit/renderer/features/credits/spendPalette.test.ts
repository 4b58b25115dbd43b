import { describe, expect, it } from 'vitest';
import { SPEND_SERIES, seriesOf } from '../../../../../renderer/features/credits/spendPalette.ts';

/** The surfaces the chart sits on (styles/tokens.css --surface), light and dark. */
const SURFACE = { light: '#ffffff', dark: '#1c1c21' } as const;

type Rgb = [number, number, number];
const rgbOf = (hex: string): Rgb => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as Rgb;
const linear = (channel: number) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4);
const luminance = ([r, g, b]: Rgb) => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
/** WCAG 2 contrast ratio. */
function contrast(a: string, b: string): number {
  const [high, low] = [luminance(rgbOf(a)), luminance(rgbOf(b))].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

type Matrix = [Rgb, Rgb, Rgb];
/** Machado, Oliveira and Fernandes (2009), full severity, on linear RGB. */
const VISION: Record<string, Matrix> = {
  typical: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

/** CIELAB (D65) of a colour as seen with `matrix`. */
function labSeen(hex: string, matrix: Matrix): Rgb {
  const rgb = rgbOf(hex).map(linear) as Rgb;
  const [r, g, b] = matrix.map((row) => Math.min(1, Math.max(0, row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]))) as Rgb;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}
const deltaE = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Clearly different at a glance (a ΔE of about 10 is obvious side by side). */
const MIN_DELTA_E = 15;

describe('the spend chart’s palette', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`stands out from the ${theme} surface (3:1, as a chart's marks must)`, () => {
      for (const series of SPEND_SERIES) expect(contrast(series[theme], SURFACE[theme]), series[theme]).toBeGreaterThanOrEqual(3);
    });

    it(`keeps every pair of kinds apart in the ${theme} theme, with typical vision and each colour-vision deficiency`, () => {
      const tooClose: string[] = [];
      for (const [vision, matrix] of Object.entries(VISION))
        for (const [index, first] of SPEND_SERIES.entries())
          for (const second of SPEND_SERIES.slice(index + 1)) {
            const difference = deltaE(labSeen(first[theme], matrix), labSeen(second[theme], matrix));
            if (difference < MIN_DELTA_E) tooClose.push(`${vision}: ${first[theme]} / ${second[theme]} (ΔE ${difference.toFixed(1)})`);
          }
      expect(tooClose).toEqual([]);
    });
  }

  it('gives each kind its own pattern as well as its own colour', () => {
    expect(new Set(SPEND_SERIES.map((series) => series.pattern)).size).toBe(SPEND_SERIES.length);
    const kinds = ['image', 'video', 'talk', 'audio', 'voice', 'character', 'regenerate', 'other'];
    expect(new Set(kinds.map(seriesOf)).size).toBe(kinds.length);
    expect(seriesOf('image')).toBe(seriesOf('image'));
  });
});
