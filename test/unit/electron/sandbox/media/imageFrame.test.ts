import type { ChildProcess } from 'node:child_process';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { meanColour, renderableImage } from '../../../../../electron/sandbox/media/imageInput.ts';
import { declaredFrame, MAX_PIXELS, MAX_SIDE } from '../../../../../electron/sandbox/media/imageFrame.ts';
import { renderImage } from '../../../../../electron/sandbox/media/images.ts';
import type { Media } from '../../../../../electron/sandbox/media/mediaRenderer.ts';
import { png } from '../../../../../electron/sandbox/media/placeholderRenderer.ts';
import { isPng, pngSize } from '../../../../../electron/sandbox/media/png.ts';
import { renderPortraits } from '../../../../../electron/sandbox/media/portraits.ts';
import { pixelsToJpeg } from '../../../../../electron/sandbox/media/raster.ts';
import { character, generation, HUMAN } from './fixtures.ts';

/** Every process this thread starts, seen through Node's own `child_process` channel. */
const spawned: ChildProcess[] = [];
const onSpawn = (message: unknown): void => {
  spawned.push((message as { process: ChildProcess }).process);
};
beforeAll(() => subscribe('child_process', onSpawn));
afterAll(() => unsubscribe('child_process', onSpawn));
beforeEach(() => {
  spawned.length = 0;
});

const u16be = (n: number): number[] => [n >> 8, n & 0xff];
const u16le = (n: number): number[] => [n & 0xff, n >> 8];

function pngChunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + body.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 4 + body.length);
  return out;
}

/** A PNG of a few hundred bytes that declares a `width` by `height` RGBA frame: two rows of data. */
function pngDeclaring(width: number, height: number): Media {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(2 * (1 + width * 4)), { level: 9 })),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
  return { bytes: new Uint8Array(bytes), contentType: 'image/png' };
}

/** A real 16x16 JPEG from the sandbox's encoder. */
function jpeg(): Media {
  const pixels = new Uint8Array(16 * 16 * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 7) % 256));
  return pixelsToJpeg({ width: 16, height: 16, pixels });
}

/** That JPEG with its frame header (SOF0) saying `width` by `height`, the rest as it was. */
function jpegDeclaring(width: number, height: number): Media {
  const bytes = Buffer.from(jpeg().bytes);
  const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  bytes.set([...u16be(height), ...u16be(width)], sof + 5);
  return { bytes: new Uint8Array(bytes), contentType: 'image/jpeg' };
}

/** Inserts a segment right after a JPEG's SOI. */
function withSegment(image: Media, marker: number, data: number[]): Media {
  const segment = [0xff, marker, ...u16be(data.length + 2), ...data];
  return { bytes: Uint8Array.from([...image.bytes.subarray(0, 2), ...segment, ...image.bytes.subarray(2)]), contentType: 'image/jpeg' };
}

/** A GIF of one frame: its logical screen, and its frame's place and size on it (two colours). */
function gif(screen: [number, number], frame: [number, number, number, number] = [0, 0, ...screen]): Media {
  const [left, top, width, height] = frame;
  const bytes = [
    ...Buffer.from('GIF89a', 'latin1'),
    ...u16le(screen[0]),
    ...u16le(screen[1]),
    0x80, // a global colour table of two entries
    0,
    0,
    ...[0xff, 0x40, 0x20, 0x00, 0x00, 0x00],
    ...[0x21, 0xf9, 4, 0, 0, 0, 0, 0], // a graphic control extension, as GIF89a writers add
    0x2c,
    ...u16le(left),
    ...u16le(top),
    ...u16le(width),
    ...u16le(height),
    0,
    2, // LZW minimum code size, then one sub-block: clear, index 0, end of information
    2,
    0x44,
    0x01,
    0,
    0x3b,
  ];
  return { bytes: Uint8Array.from(bytes), contentType: 'image/gif' };
}

/** The RIFF header of a WebP whose first chunk is `fourcc` with `payload`. */
function webp(fourcc: string, payload: number[]): Media {
  const chunk = [...Buffer.from(fourcc, 'latin1'), ...[payload.length, 0, 0, 0], ...payload];
  const size = 4 + chunk.length;
  return {
    bytes: Uint8Array.from([...Buffer.from('RIFF', 'latin1'), size & 0xff, size >> 8, 0, 0, ...Buffer.from('WEBP', 'latin1'), ...chunk]),
    contentType: 'image/webp',
  };
}

/** A lossless WebP header declaring `width` by `height`. */
function webpDeclaring(width: number, height: number): Media {
  const bits = (width - 1) | ((height - 1) << 14);
  return webp('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff, 0, 0, 0, 0, 0]);
}

const TOO_LARGE =
  /^The input image is 30000 × 30000 pixels, larger than the sandbox reads \(at most 50 megapixels and 16,384 pixels a side\); upload a smaller image\.$/;

/** The process's peak resident memory, in bytes. */
const peakMemory = (): number => process.resourceUsage().maxRSS * 1024;

describe('an image is checked by the size its header declares before anything decodes it', { timeout: 60_000 }, () => {
  it('reads the declared size of PNG, JPEG, GIF and WebP headers', () => {
    expect(declaredFrame(png('p', 33, 17).bytes)).toEqual({ width: 33, height: 17 });
    expect(declaredFrame(jpeg().bytes)).toEqual({ width: 16, height: 16 });
    expect(declaredFrame(jpegDeclaring(640, 480).bytes)).toEqual({ width: 640, height: 480 });
    expect(declaredFrame(gif([3, 2]).bytes)).toEqual({ width: 3, height: 2 });
    expect(declaredFrame(webpDeclaring(300, 200).bytes)).toEqual({ width: 300, height: 200 });
    const lossy = webp('VP8 ', [0x50, 0x02, 0x00, 0x9d, 0x01, 0x2a, ...u16le(320), ...u16le(240), 0, 0]);
    expect(declaredFrame(lossy.bytes)).toEqual({ width: 320, height: 240 });
    const extended = webp('VP8X', [0, 0, 0, 0, ...[0x3f, 0x01, 0x00], ...[0xef, 0x00, 0x00]]);
    expect(declaredFrame(extended.bytes)).toEqual({ width: 320, height: 240 });
  });

  it('refuses a PNG of a few hundred bytes that declares 30000 × 30000, in words', async () => {
    const bomb = pngDeclaring(30_000, 30_000);
    expect(bomb.bytes.length).toBeLessThan(400);
    await expect(renderableImage(bomb, 'input image')).rejects.toThrow(TOO_LARGE);
  });

  it('refuses a JPEG and a GIF that declare 30000 × 30000, and a GIF whose frame reaches past its small screen', async () => {
    await expect(renderableImage(jpegDeclaring(30_000, 30_000), 'input image')).rejects.toThrow(TOO_LARGE);
    await expect(renderableImage(gif([30_000, 30_000]), 'input image')).rejects.toThrow(TOO_LARGE);
    await expect(renderableImage(gif([1, 1], [0, 0, 30_000, 30_000]), 'input image')).rejects.toThrow(TOO_LARGE);
    await expect(renderableImage(gif([1, 1], [29_999, 29_999, 1, 1]), 'input image')).rejects.toThrow(TOO_LARGE);
  });

  it('finds a JPEG frame header by walking its segments, not by the first bytes that look like one', async () => {
    // an APP1 segment (where EXIF keeps its thumbnail) holding a small frame header before the real one
    const decoy = withSegment(jpegDeclaring(30_000, 30_000), 0xe1, [0xff, 0xc0, 0x00, 0x11, 0x08, ...u16be(16), ...u16be(16), 3]);
    expect(declaredFrame(decoy.bytes)).toEqual({ width: 30_000, height: 30_000 });
    await expect(renderableImage(decoy, 'input image')).rejects.toThrow(TOO_LARGE);
  });

  it('refuses a frame over the pixel bound or the side bound, and takes one at both', async () => {
    const side = Math.floor(MAX_PIXELS / MAX_SIDE);
    await expect(renderableImage(jpegDeclaring(MAX_SIDE, side), 'start frame')).resolves.toMatchObject({ contentType: 'image/jpeg' });
    await expect(renderableImage(jpegDeclaring(MAX_SIDE, side + 1), 'start frame')).rejects.toThrow(
      `The start frame is ${MAX_SIDE} × ${side + 1} pixels, larger than the sandbox reads`,
    );
    await expect(renderableImage(jpegDeclaring(MAX_SIDE + 1, 100), 'start frame')).rejects.toThrow(
      `The start frame is ${MAX_SIDE + 1} × 100 pixels, larger than the sandbox reads`,
    );
  });

  it('refuses an image whose header does not say its size', async () => {
    const unreadable = 'could not be read: its image/jpeg header is damaged or cut short; upload the image again.';
    // a scan straight after the start of the image, with no frame header before it
    const noFrame: Media = {
      bytes: Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0, 0xff, 0xd9]),
      contentType: 'image/jpeg',
    };
    await expect(renderableImage(noFrame, 'reference image 1')).rejects.toThrow(`The reference image 1 ${unreadable}`);
    await expect(renderableImage({ bytes: jpeg().bytes.subarray(0, 30), contentType: 'image/jpeg' }, 'input image')).rejects.toThrow(
      `The input image ${unreadable}`,
    );
    await expect(renderableImage(jpegDeclaring(0, 0), 'input image')).rejects.toThrow(`The input image ${unreadable}`);
    const noIhdr = Buffer.from(png('p', 4, 4).bytes);
    noIhdr.write('IHDX', 12, 'latin1');
    await expect(renderableImage({ bytes: new Uint8Array(noIhdr), contentType: 'image/png' }, 'input image')).rejects.toThrow(
      'The input image could not be read: its image/png header is damaged or cut short',
    );
    const noFrames = gif([4, 4]);
    await expect(renderableImage({ bytes: noFrames.bytes.subarray(0, 27), contentType: 'image/gif' }, 'input image')).rejects.toThrow(
      'The input image could not be read: its image/gif header is damaged or cut short',
    );
  });

  it('refuses a WebP that declares 16384 × 16384 without starting ffmpeg, which reads WebP', async () => {
    await expect(renderableImage(webpDeclaring(16_384, 16_384), 'reference image 2')).rejects.toThrow(
      'The reference image 2 is 16384 × 16384 pixels, larger than the sandbox reads',
    );
    expect(spawned).toHaveLength(0);
  });

  it('fails an image generation and a character on a PNG bomb before drawing, the process never near the frame it declares', async () => {
    const bomb = pngDeclaring(30_000, 30_000);
    const before = peakMemory();
    const options = { aspect_ratio: '1:1', image_mode: 'edit' } as const;
    await expect(renderImage(generation(options, 'a street', { inputImage: bomb }, await character()))).rejects.toThrow(TOO_LARGE);
    await expect(
      renderPortraits({ characterId: 'c', version: 1, parameters: HUMAN, customDetails: null, referenceImages: [png('p', 8, 8), bomb] }),
    ).rejects.toThrow(/^The reference image 2 is 30000 × 30000 pixels/);
    // decoding it would take 30000 × 30000 × 4 bytes, 3.6 GB; the peak grew by far less than a tenth of that
    expect(peakMemory() - before).toBeLessThan(256 * 1024 * 1024);
    expect(spawned).toHaveLength(0);
  });

  it('still reads and draws a normal PNG, JPEG and GIF', async () => {
    const red = gif([1, 1]);
    expect(await renderableImage(red, 'reference image 1')).toEqual({ bytes: red.bytes, contentType: 'image/gif' });
    // the GIF's one colour is the first in its table, #ff4020, and resvg draws it
    expect(meanColour(red)).toBe('ff4020');
    const photo = jpeg();
    expect(await renderableImage(photo, 'input image')).toEqual({ bytes: photo.bytes, contentType: 'image/jpeg' });
    const options = { aspect_ratio: '1:1', image_mode: 'edit' } as const;
    const r = await renderImage(
      generation(options, 'a street', { inputImage: photo, referenceImages: [png('p', 64, 64), red] }, await character()),
    );
    expect(isPng(r.output.bytes)).toBe(true);
    expect(pngSize(r.output.bytes)).toEqual({ width: 1024, height: 1024 });
  });
});
