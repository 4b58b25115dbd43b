import { FONT_FAMILY, wrapText, xml } from './raster.ts';
import type { Rng } from './seed.ts';

/** A gradient with soft light spots: the ground every sandbox picture is drawn on. */
export function backdropSvg(id: string, w: number, h: number, colours: [string, string], rng: Rng, spots = 7): string {
  const circles = Array.from({ length: spots }, () => {
    const r = rng.range(0.05, 0.22) * Math.max(w, h);
    return `<circle cx="${(rng.next() * w).toFixed(1)}" cy="${(rng.next() * h).toFixed(1)}" r="${r.toFixed(1)}" fill="#ffffff" opacity="${rng.range(0.04, 0.14).toFixed(3)}"/>`;
  }).join('');
  return (
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="#${colours[0]}"/><stop offset="1" stop-color="#${colours[1]}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#${id})"/>${circles}`
  );
}

/** The visible mark in a corner; the metadata carries the same label. */
export function watermarkSvg(w: number, h: number, text = 'Cast Studio sandbox'): string {
  const size = Math.max(10, Math.round(Math.min(w, h) * 0.022));
  return `<text x="${w - size}" y="${h - size}" text-anchor="end" font-family="${FONT_FAMILY}" font-size="${size}" fill="#ffffff" fill-opacity="0.6" stroke="#000000" stroke-opacity="0.25" stroke-width="${(size / 14).toFixed(2)}">${xml(text)}</text>`;
}

/** A caption band at the bottom: an optional small label line above wrapped text. */
export function captionSvg(w: number, h: number, text: string, label: string | null, accent = 'ffffff'): string {
  const size = Math.max(12, Math.round(Math.min(w, h) * 0.04));
  const lines = wrapText(text, size, w * 0.86, 2);
  const labelSize = Math.round(size * 0.62);
  const block = lines.length * size * 1.25 + (label ? labelSize * 1.6 : 0) + size * 0.9;
  const top = h - block - size * 0.6;
  const parts = [`<rect x="0" y="${top.toFixed(1)}" width="${w}" height="${(h - top).toFixed(1)}" fill="#000000" fill-opacity="0.42"/>`];
  let y = top + size * 0.5;
  if (label) {
    y += labelSize;
    parts.push(
      `<text x="${(w * 0.07).toFixed(1)}" y="${y.toFixed(1)}" font-family="${FONT_FAMILY}" font-weight="700" font-size="${labelSize}" letter-spacing="${(labelSize * 0.12).toFixed(1)}" fill="#${accent}">${xml(label.toUpperCase())}</text>`,
    );
    y += labelSize * 0.6;
  }
  for (const line of lines) {
    y += size * 1.2;
    parts.push(
      `<text x="${(w * 0.07).toFixed(1)}" y="${y.toFixed(1)}" font-family="${FONT_FAMILY}" font-size="${size}" fill="#ffffff">${xml(line)}</text>`,
    );
  }
  return parts.join('');
}
