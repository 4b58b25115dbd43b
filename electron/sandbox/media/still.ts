import { createHash } from 'node:crypto';
import type { Media } from './mediaRenderer.ts';
import { isPng, pngSize, readPngText, sniffImageType } from './png.ts';
import { FIGURE_KEY } from './portraits.ts';
import { imageTag } from './raster.ts';
import { filterDef, landscapeSvg, styleTreatment } from './scene.ts';
import { rngOf, seedOf } from './seed.ts';

/** What one still picture is made of; images use it directly, videos animate it. */
export type StillSpec = {
  width: number;
  height: number;
  prompt: string;
  style: string | undefined;
  seed: string;
  mode: 'generate' | 'remix' | 'edit' | 'frame';
  /** The picture a remix or an edit starts from (input image, reference, start frame). */
  base: Media | null;
  character: Media | null;
  references: Media[];
};

export function hashOf(media: Media | null | undefined): string {
  return media ? createHash('sha256').update(media.bytes).digest('hex').slice(0, 16) : '-';
}

function sizeOf(media: Media): { width: number; height: number } {
  return isPng(media.bytes) ? pngSize(media.bytes) : { width: 2, height: 3 };
}

/**
 * The character standing in the picture: the vector figure a sandbox full body carries, or, for a
 * picture without one, the picture itself as a framed card.
 */
function characterSvg(character: Media, mode: StillSpec['mode'], w: number, h: number): string {
  // a character without a usable picture (still generating, or a format resvg cannot draw) is left out
  if (!sniffImageType(character.bytes) || sniffImageType(character.bytes) === 'image/webp') return '';
  const figure = readPngText(character.bytes)[FIGURE_KEY];
  const size = sizeOf(character);
  const boxH = h * (mode === 'edit' ? 0.55 : figure ? 0.95 : 0.7);
  const boxW = Math.min(w * 0.7, (boxH * size.width) / size.height);
  const cx = w > h * 1.1 ? w * (mode === 'edit' ? 0.8 : 0.68) : w / 2;
  const x = Math.round(cx - boxW / 2);
  const y = Math.round(h * (figure ? 1.02 : 0.92) - boxH);
  if (figure) {
    return imageTag(
      { bytes: new TextEncoder().encode(figure), contentType: 'image/svg+xml' },
      x,
      y,
      Math.round(boxW),
      Math.round(boxH),
      'contain',
    );
  }
  const pad = Math.round(Math.min(w, h) * 0.012);
  return (
    `<rect x="${x - pad}" y="${y - pad}" width="${Math.round(boxW) + 2 * pad}" height="${Math.round(boxH) + 2 * pad}" rx="${pad}" fill="#fafafa" opacity="0.95"/>` +
    imageTag(character, x, y, Math.round(boxW), Math.round(boxH), 'contain')
  );
}

/** The still as SVG markup (no caption): scene or base picture, style treatment, references, character. */
export function stillSvg(spec: StillSpec): string {
  const { width: w, height: h } = spec;
  const treatment = styleTreatment(spec.style);
  const rng = rngOf(seedOf('still', spec.seed));
  const parts: string[] = [`<defs>${filterDef('style', treatment)}</defs>`, `<g${treatment.matrix ? ' filter="url(#style)"' : ''}>`];
  if (spec.base && spec.mode !== 'generate') {
    parts.push(imageTag(spec.base, 0, 0, w, h, 'cover'));
    if (spec.mode === 'remix') {
      parts.push(`<g opacity="0.5" style="mix-blend-mode:overlay">${landscapeSvg(w, h, spec.prompt, treatment, spec.seed)}</g>`);
    } else if (spec.mode === 'edit') {
      const tint = `${Math.round(rng.range(0, 360))}`;
      parts.push(`<rect width="${w}" height="${h}" fill="hsl(${tint},70%,50%)" opacity="0.18" style="mix-blend-mode:soft-light"/>`);
    }
  } else {
    parts.push(landscapeSvg(w, h, spec.prompt, treatment, spec.seed));
  }
  if (spec.character) {
    parts.push(characterSvg(spec.character, spec.mode, w, h));
  }
  parts.push('</g>');
  spec.references.slice(0, 3).forEach((ref, i) => {
    const side = Math.round(Math.min(w, h) * 0.2);
    const x = Math.round(w * 0.03 + i * side * 0.9);
    const y = Math.round(h * 0.04);
    const angle = (i - 1) * 5;
    parts.push(
      `<g transform="rotate(${angle} ${x + side / 2} ${y + side / 2})"><rect x="${x - 6}" y="${y - 6}" width="${side + 12}" height="${side + 12}" fill="#fafafa"/>${imageTag(ref, x, y, side, side, 'cover')}</g>`,
    );
  });
  if (spec.mode === 'edit') {
    parts.push(
      `<defs><radialGradient id="vignette"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient></defs><rect width="${w}" height="${h}" fill="url(#vignette)"/>`,
    );
  }
  return parts.join('');
}
