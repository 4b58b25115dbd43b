import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import type { Media } from './mediaRenderer.ts';
import { SANDBOX_LABEL, withPngText } from './png.ts';

const require = createRequire(import.meta.url);

type JpegEncoder = { encode(image: { data: Uint8Array; width: number; height: number }, quality: number): { data: Uint8Array } };
// jpeg-js ships no types; this is the one function we call.
const jpeg = require('jpeg-js') as JpegEncoder;

/** Fonts come from an npm package and system fonts stay off, so text renders the same everywhere. */
const FONT_FILES = [
  require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
];
export const FONT_FAMILY = 'Inter';

export type Raster = { width: number; height: number; pixels: Uint8Array };

function resvg(svg: string, width?: number): Resvg {
  return new Resvg(svg, {
    font: { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY },
    fitTo: width === undefined ? { mode: 'original' } : { mode: 'width', value: width },
    shapeRendering: 2,
    imageRendering: 0,
    logLevel: 'off',
  });
}

/** SVG to a PNG labelled as sandbox output, with extra tEXt entries. */
export function svgToPng(svg: string, text: Record<string, string> = {}, compressed: Record<string, string> = {}): Media {
  const png = resvg(svg).render().asPng();
  return {
    bytes: withPngText(png, { Software: SANDBOX_LABEL, Comment: `${SANDBOX_LABEL} output`, ...text }, compressed),
    contentType: 'image/png',
  };
}

/** SVG to RGBA pixels; callers draw an opaque background, so premultiplication does not matter. */
export function svgToPixels(svg: string, width?: number): Raster {
  const image = resvg(svg, width).render();
  return { width: image.width, height: image.height, pixels: new Uint8Array(image.pixels) };
}

export function pixelsToJpeg(raster: Raster, quality = 82): Media {
  const { data } = jpeg.encode({ data: raster.pixels, width: raster.width, height: raster.height }, quality);
  return { bytes: new Uint8Array(data), contentType: 'image/jpeg' };
}

/** A small JPEG of an image whose natural size is known, on a neutral backdrop. */
export function thumbnailOf(image: Media, width: number, height: number, longSide = 320): Media {
  const scale = longSide / Math.max(width, height);
  const w = Math.max(2, Math.round(width * scale));
  const h = Math.max(2, Math.round(height * scale));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#202020"/>${imageTag(image, 0, 0, w, h, 'none')}</svg>`;
  return pixelsToJpeg(svgToPixels(svg));
}

export function dataUri(media: Media): string {
  return `data:${media.contentType};base64,${Buffer.from(media.bytes).toString('base64')}`;
}

export function imageTag(media: Media, x: number, y: number, w: number, h: number, fit: 'none' | 'cover' | 'contain', extra = ''): string {
  const ratio = fit === 'none' ? 'none' : fit === 'cover' ? 'xMidYMid slice' : 'xMidYMid meet';
  return `<image x="${x}" y="${y}" width="${w}" height="${h}" preserveAspectRatio="${ratio}" href="${dataUri(media)}" ${extra}/>`;
}

/** Escapes text for an SVG text node or attribute. */
export function xml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

/** Greedy word wrap by an average glyph width; good enough for captions in Inter. */
export function wrapText(text: string, fontSize: number, maxWidth: number, maxLines: number): string[] {
  const perLine = Math.max(8, Math.floor(maxWidth / (fontSize * 0.56)));
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const word of words) {
    const fitted = word.length > perLine ? `${word.slice(0, perLine - 1)}…` : word;
    const candidate = line ? `${line} ${fitted}` : fitted;
    if (candidate.length <= perLine) line = candidate;
    else {
      lines.push(line);
      if (lines.length === maxLines) break;
      line = fitted;
    }
    used += 1;
  }
  if (lines.length < maxLines && line) lines.push(line);
  if (used < words.length) {
    const last = lines[lines.length - 1] ?? '';
    lines[lines.length - 1] = `${last.slice(0, perLine - 1)}…`;
  }
  return lines;
}
