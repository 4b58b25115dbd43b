import { hsl } from './look.ts';
import { rngOf, seedOf, type Rng } from './seed.ts';

/** How a `style` option treats the picture: a colour matrix and a hue for the palette. */
export type StyleTreatment = { hue: number; saturation: number; matrix: string | null; name: string };

const GREY = '0.33 0.33 0.33 0 0 0.33 0.33 0.33 0 0 0.33 0.33 0.33 0 0 0 0 0 1 0';
const SEPIA = '0.39 0.77 0.19 0 0 0.35 0.69 0.17 0 0 0.27 0.53 0.13 0 0 0 0 0 1 0';

export function styleTreatment(style: string | undefined): StyleTreatment {
  const text = (style ?? 'default').toLowerCase();
  const hue = Number.parseInt(seedOf('style', text).slice(0, 4), 16) % 360;
  if (/noir|black and white|monochrome|b&w/.test(text)) return { hue, saturation: 0.3, matrix: GREY, name: 'noir' };
  if (/vintage|sepia|retro|film/.test(text)) return { hue: 35, saturation: 0.45, matrix: SEPIA, name: 'vintage' };
  if (/neon|cyber|synth|vapor/.test(text))
    return { hue: 290, saturation: 0.85, matrix: '1.3 0 0.2 0 0 0 1.1 0.2 0 0 0.2 0 1.4 0 0 0 0 0 1 0', name: 'neon' };
  if (/water|pastel|soft|dream/.test(text))
    return { hue, saturation: 0.35, matrix: '0.8 0.1 0.1 0 0.08 0.1 0.8 0.1 0 0.08 0.1 0.1 0.8 0 0.08 0 0 0 1 0', name: 'pastel' };
  if (/anime|cartoon|comic|pop/.test(text)) return { hue, saturation: 0.8, matrix: null, name: 'vivid' };
  if (/cinematic|dramatic|moody/.test(text))
    return { hue: 200, saturation: 0.5, matrix: '1.1 0 0 0 -0.03 0 1.0 0 0 -0.03 0 0 0.95 0 0 0 0 0 1 0', name: 'cinematic' };
  return { hue, saturation: 0.55, matrix: null, name: 'natural' };
}

export function filterDef(id: string, treatment: StyleTreatment): string {
  return treatment.matrix ? `<filter id="${id}"><feColorMatrix type="matrix" values="${treatment.matrix}"/></filter>` : '';
}

/**
 * A procedural landscape that follows words of the prompt (night, sea, city, forest, snow,
 * desert, mountain); the seed picks the shapes, so the same prompt draws the same place.
 */
export function landscapeSvg(w: number, h: number, prompt: string, treatment: StyleTreatment, seed: string): string {
  const text = prompt.toLowerCase();
  const rng = rngOf(seedOf('landscape', seed));
  const night = /night|star|moon|dark|space|galaxy/.test(text);
  const s = treatment.saturation;
  const skyTop = night ? hsl(235, 0.5, 0.1) : hsl(treatment.hue, s, 0.62);
  const skyBottom = night ? hsl(260, 0.4, 0.28) : hsl((treatment.hue + 40) % 360, s, 0.82);
  const horizon = h * rng.range(0.55, 0.68);
  const parts = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#${skyTop}"/><stop offset="1" stop-color="#${skyBottom}"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
  ];
  if (night) parts.push(starsSvg(w, horizon, rng));
  const sunX = rng.range(0.15, 0.85) * w;
  parts.push(
    `<circle cx="${sunX.toFixed(1)}" cy="${(horizon * rng.range(0.25, 0.6)).toFixed(1)}" r="${(Math.min(w, h) * 0.08).toFixed(1)}" fill="#${night ? 'f4f1de' : hsl(45, 0.95, 0.7)}" opacity="0.95"/>`,
  );
  const mountains = /mountain|peak|alps|hill|valley/.test(text);
  const layers = mountains ? 4 : 2;
  for (let l = 0; l < layers; l += 1) {
    parts.push(
      ridge(
        w,
        horizon + l * h * 0.04,
        h,
        rng,
        mountains ? 0.22 : 0.07,
        hsl((treatment.hue + 120 + l * 15) % 360, s * 0.6, (night ? 0.12 : 0.45) - l * 0.06),
      ),
    );
  }
  const groundColour = groundColourOf(text, treatment, night);
  parts.push(`<rect y="${(horizon + layers * h * 0.04).toFixed(1)}" width="${w}" height="${h}" fill="#${groundColour}"/>`);
  if (/sea|ocean|lake|river|beach|water/.test(text)) {
    parts.push(
      `<rect y="${(horizon + h * 0.06).toFixed(1)}" width="${w}" height="${(h * 0.16).toFixed(1)}" fill="#${hsl(205, 0.6, night ? 0.2 : 0.5)}" opacity="0.9"/>`,
    );
  }
  if (/city|street|urban|town|skyline|building/.test(text)) parts.push(skyline(w, horizon + h * 0.05, rng, night));
  if (/forest|tree|park|garden|wood|jungle/.test(text)) parts.push(trees(w, horizon + h * 0.1, h, rng, night));
  return parts.join('');
}

/** Ninety stars above the horizon. */
function starsSvg(w: number, horizon: number, rng: Rng): string {
  const stars: string[] = [];
  for (let i = 0; i < 90; i += 1)
    stars.push(
      `<circle cx="${(rng.next() * w).toFixed(1)}" cy="${(rng.next() * horizon).toFixed(1)}" r="${rng.range(0.6, 2.2) * (w / 1024)}" fill="#ffffff" opacity="${rng.range(0.4, 1).toFixed(2)}"/>`,
    );
  return stars.join('');
}

function groundColourOf(text: string, treatment: StyleTreatment, night: boolean): string {
  return /snow|winter|ice/.test(text)
    ? 'eef3f8'
    : /desert|sand|dune|beach/.test(text)
      ? hsl(40, 0.55, 0.7)
      : hsl((treatment.hue + 100) % 360, treatment.saturation * 0.7, night ? 0.14 : 0.38);
}

function ridge(w: number, base: number, h: number, rng: Rng, rough: number, colour: string): string {
  const points: string[] = [`0,${h}`];
  for (let x = 0; x <= w; x += w / 12) points.push(`${x.toFixed(1)},${(base - rng.range(0, rough) * h).toFixed(1)}`);
  points.push(`${w},${h}`);
  return `<polygon points="${points.join(' ')}" fill="#${colour}"/>`;
}

function skyline(w: number, base: number, rng: Rng, night: boolean): string {
  const parts: string[] = [];
  for (let x = 0; x < w;) {
    const bw = rng.range(0.04, 0.09) * w;
    const bh = rng.range(0.08, 0.3) * w;
    parts.push(
      `<rect x="${x.toFixed(1)}" y="${(base - bh).toFixed(1)}" width="${bw.toFixed(1)}" height="${bh.toFixed(1)}" fill="#${night ? '1b1b2f' : '5b6378'}"/>`,
    );
    if (night) {
      for (let i = 0; i < 6; i += 1)
        parts.push(
          `<rect x="${(x + rng.range(0.1, 0.8) * bw).toFixed(1)}" y="${(base - rng.range(0.1, 0.9) * bh).toFixed(1)}" width="${(bw * 0.12).toFixed(1)}" height="${(bw * 0.12).toFixed(1)}" fill="#ffe082"/>`,
        );
    }
    x += bw + rng.range(0, 0.01) * w;
  }
  return parts.join('');
}

function trees(w: number, base: number, h: number, rng: Rng, night: boolean): string {
  const parts: string[] = [];
  const count = 9;
  for (let i = 0; i < count; i += 1) {
    const x = ((i + rng.range(0.1, 0.9)) / count) * w;
    const th = rng.range(0.12, 0.24) * h;
    const y = base + rng.range(0, 0.12) * h;
    parts.push(
      `<rect x="${(x - th * 0.04).toFixed(1)}" y="${(y - th * 0.3).toFixed(1)}" width="${(th * 0.08).toFixed(1)}" height="${(th * 0.3).toFixed(1)}" fill="#4e342e"/>` +
        `<polygon points="${(x - th * 0.25).toFixed(1)},${(y - th * 0.25).toFixed(1)} ${x.toFixed(1)},${(y - th).toFixed(1)} ${(x + th * 0.25).toFixed(1)},${(y - th * 0.25).toFixed(1)}" fill="#${night ? '123524' : hsl(130, 0.45, rng.range(0.22, 0.35))}"/>`,
    );
  }
  return parts.join('');
}
