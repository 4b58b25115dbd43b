import { isPng } from './png.ts';

/**
 * Frames larger than this (about 8K by 6K) are refused before anything decodes them: by the
 * sandbox's own check for the images it draws itself, by ffmpeg's `-max_pixels` for the rest.
 */
export const MAX_PIXELS = 50_000_000;

/** The longest side an image may have, whatever its area: WebP's own limit, beyond any photo. */
export const MAX_SIDE = 16_384;

export type FrameSize = { width: number; height: number };

const u16be = (b: Uint8Array, at: number): number => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number): number => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number): number => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const ascii = (b: Uint8Array, at: number, text: string): boolean =>
  b.length >= at + text.length && [...text].every((c, i) => b[at + i] === c.charCodeAt(0));
const known = (width: number, height: number): FrameSize | null => (width > 0 && height > 0 ? { width, height } : null);

/** PNG: IHDR is the first chunk, 13 bytes, width and height first. */
function pngFrame(b: Uint8Array): FrameSize | null {
  if (!isPng(b) || u16be(b, 8) !== 0 || u16be(b, 10) !== 13 || !ascii(b, 12, 'IHDR')) return null;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return known(view.getUint32(16), view.getUint32(20));
}

/** JPEG's start-of-frame markers (SOF0 to SOF15); C4, C8 and CC share the range but are not frames. */
const isFrameMarker = (marker: number): boolean =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * JPEG: walks the segments from SOI to the first frame header, which comes before any scan. An
 * EXIF thumbnail sits inside its APP1 segment and is skipped with it.
 */
function jpegFrame(b: Uint8Array): FrameSize | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1] ?? 0;
    // a fill byte before a marker, or a marker without a length (TEM, RST0 to RST7)
    if (marker === 0xff) at += 1;
    else if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) at += 2;
    // a scan, an end of image or a second start before any frame header: no size to read
    else if (marker === 0xda || marker === 0xd9 || marker === 0xd8) return null;
    else if (isFrameMarker(marker)) {
      // length, sample precision, then height and width; a height of 0 is left to a later DNL segment
      return at + 9 <= b.length ? known(u16be(b, at + 7), u16be(b, at + 5)) : null;
    } else {
      const length = u16be(b, at + 2);
      if (length < 2) return null;
      at += 2 + length;
    }
  }
  return null;
}

/** GIF: past a run of data sub-blocks (each a length byte, then that many bytes; 0 ends the run). */
function pastSubBlocks(b: Uint8Array, from: number): number {
  let at = from;
  while (at < b.length && b[at] !== 0) at += 1 + (b[at] ?? 0);
  return at + 1;
}

/**
 * GIF: the logical screen, and every image descriptor's extent on it (a frame may reach past the
 * screen, and a decoder sizes its canvas to both). A file cut short after its first frame keeps
 * the frames it has.
 */
function gifFrame(b: Uint8Array): FrameSize | null {
  if (!(ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) || b.length < 13) return null;
  let width = u16le(b, 6);
  let height = u16le(b, 8);
  const colourTable = (flags: number): number => (flags & 0x80 ? 3 << ((flags & 0x07) + 1) : 0);
  let at = 13 + colourTable(b[10] ?? 0);
  let frames = 0;
  while (at < b.length && b[at] !== 0x3b) {
    const block = b[at];
    if (block === 0x21) at = pastSubBlocks(b, at + 2);
    else if (block === 0x2c && at + 10 <= b.length) {
      width = Math.max(width, u16le(b, at + 1) + u16le(b, at + 5));
      height = Math.max(height, u16le(b, at + 3) + u16le(b, at + 7));
      frames += 1;
      // past the descriptor, its colour table and the LZW code size, then the image data
      at = pastSubBlocks(b, at + 10 + colourTable(b[at + 9] ?? 0) + 1);
    } else return null;
  }
  return frames > 0 ? known(width, height) : null;
}

/** WebP: the first chunk is the lossy (VP8), lossless (VP8L) or extended (VP8X) header. */
function webpFrame(b: Uint8Array): FrameSize | null {
  if (!ascii(b, 0, 'RIFF') || !ascii(b, 8, 'WEBP') || b.length < 30) return null;
  // VP8: a 3-byte frame tag, the start code 9D 01 2A, then 14-bit width and height
  if (ascii(b, 12, 'VP8 ') && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a)
    return known(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  if (ascii(b, 12, 'VP8L') && b[20] === 0x2f) {
    const bits = u16le(b, 21) | (u16le(b, 23) << 16);
    return known((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  // VP8X: flags, then the canvas's width and height less one, 24 bits each
  if (ascii(b, 12, 'VP8X')) return known(u24le(b, 24) + 1, u24le(b, 27) + 1);
  return null;
}

/**
 * The width and height an image's header declares, read without decoding anything, or null when
 * the bytes are not a PNG, JPEG, GIF or WebP whose header says its size.
 */
export function declaredFrame(bytes: Uint8Array): FrameSize | null {
  return pngFrame(bytes) ?? jpegFrame(bytes) ?? gifFrame(bytes) ?? webpFrame(bytes);
}

/** Whether a frame is within the bounds the sandbox decodes. */
export function withinBounds(frame: FrameSize): boolean {
  return frame.width <= MAX_SIDE && frame.height <= MAX_SIDE && frame.width * frame.height <= MAX_PIXELS;
}
