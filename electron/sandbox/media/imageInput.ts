import type { Media } from './mediaRenderer.ts';
import { imageToPng } from './ffmpeg.ts';
import { FfmpegRefusal } from './ffmpegRefusal.ts';
import { sniffImageType } from './png.ts';
import { svgToPixels, imageTag } from './raster.ts';

/**
 * An uploaded image in a form resvg embeds (PNG, JPEG, GIF); anything else ffmpeg can read is
 * converted to PNG. `what` names the input in the error a person sees.
 */
export async function renderableImage(media: Media, what: string): Promise<Media> {
  const type = sniffImageType(media.bytes);
  if (type === 'image/png' || type === 'image/jpeg' || type === 'image/gif') return { bytes: media.bytes, contentType: type };
  try {
    return { bytes: await imageToPng(media, what), contentType: 'image/png' };
  } catch (error) {
    if (error instanceof FfmpegRefusal) throw error;
    throw new Error(`The ${what} could not be read as an image; upload a PNG, JPEG, GIF or WebP file.`, { cause: error });
  }
}

/** The mean colour of an image, as hex, from an 8x8 rendering. */
export function meanColour(image: Media): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#808080"/>${imageTag(image, 0, 0, 8, 8, 'cover')}</svg>`;
  const { pixels } = svgToPixels(svg);
  const sum = [0, 0, 0];
  for (let i = 0; i < pixels.length; i += 4) {
    for (let c = 0; c < 3; c += 1) sum[c] = (sum[c] ?? 0) + (pixels[i + c] ?? 0);
  }
  return sum
    .map((v) =>
      Math.round(v / 64)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');
}
