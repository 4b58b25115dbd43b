import type { Media } from './mediaRenderer.ts';
import { imageToPng } from './ffmpeg.ts';
import { FfmpegRefusal } from './ffmpegRefusal.ts';
import { declaredFrame, MAX_PIXELS, MAX_SIDE, withinBounds } from './imageFrame.ts';
import { sniffImageType } from './png.ts';
import { svgToPixels, imageTag } from './raster.ts';

/**
 * Refuses an image whose header does not say its size, or says a frame larger than the sandbox
 * decodes. resvg decodes PNG, JPEG and GIF in this process, allocating the whole frame its header
 * declares, so a file of a few hundred bytes could ask for gigabytes: it is read from the header
 * before anything decodes it.
 */
function checkFrame(bytes: Uint8Array, type: string, what: string): void {
  const frame = declaredFrame(bytes);
  if (!frame) throw new Error(`The ${what} could not be read: its ${type} header is damaged or cut short; upload the image again.`);
  if (!withinBounds(frame)) {
    const megapixels = Math.round(MAX_PIXELS / 1_000_000);
    throw new Error(
      `The ${what} is ${frame.width} × ${frame.height} pixels, larger than the sandbox reads (at most ${megapixels} megapixels ` +
        `and ${MAX_SIDE.toLocaleString('en-US')} pixels a side); upload a smaller image.`,
    );
  }
}

/**
 * An uploaded image in a form resvg embeds (PNG, JPEG, GIF); anything else ffmpeg can read is
 * converted to PNG. Either way its declared size is checked first. `what` names the input in the
 * error a person sees.
 */
export async function renderableImage(media: Media, what: string): Promise<Media> {
  const type = sniffImageType(media.bytes);
  // bytes of no image type are left to ffmpeg's checks, which refuse them by their signature
  if (type) checkFrame(media.bytes, type, what);
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
