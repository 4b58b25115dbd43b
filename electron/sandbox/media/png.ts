import { crc32, deflateSync, inflateSync } from 'node:zlib';

/** Every file the sandbox makes says so in its metadata (issue 9). */
export const SANDBOX_LABEL = 'Cast Studio sandbox';

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length > 24 && SIGNATURE.every((b, i) => bytes[i] === b);
}

export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  if (!isPng(bytes)) throw new Error('The file is not a PNG image.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * Inserts text chunks right after IHDR: tEXt (Latin-1) for short entries, compressed iTXt (UTF-8)
 * for `compressed` ones such as the vector figure a full body carries for compositing.
 */
export function withPngText(png: Uint8Array, entries: Record<string, string>, compressed: Record<string, string> = {}): Uint8Array {
  if (!isPng(png)) throw new Error('The file is not a PNG image.');
  const ihdrEnd = 8 + 12 + 13;
  const latin1 = (text: string): Uint8Array => Uint8Array.from(text.replace(/[^\x20-\xff\0]/g, '?'), (c) => c.charCodeAt(0));
  const chunks = Object.entries(entries).map(([key, value]) => chunk('tEXt', latin1(`${key}\0${value}`)));
  for (const [key, value] of Object.entries(compressed)) {
    // keyword, NUL, compression flag 1, method 0 (deflate), empty language tag and translation
    const head = Uint8Array.from([...latin1(key), 0, 1, 0, 0, 0]);
    const body = deflateSync(Buffer.from(value, 'utf8'));
    const data = new Uint8Array(head.length + body.length);
    data.set(head);
    data.set(body, head.length);
    chunks.push(chunk('iTXt', data));
  }
  const size = png.length + chunks.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(size);
  out.set(png.subarray(0, ihdrEnd), 0);
  let at = ihdrEnd;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  out.set(png.subarray(ihdrEnd), at);
  return out;
}

/** Reads the tEXt chunks of a PNG; an empty record for anything else. */
export function readPngText(png: Uint8Array): Record<string, string> {
  const result: Record<string, string> = {};
  if (!isPng(png)) return result;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let at = 8;
  while (at + 12 <= png.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + length);
    const nul = data.indexOf(0);
    const key = nul > 0 ? String.fromCharCode(...data.subarray(0, nul)) : '';
    if (type === 'tEXt' && key) result[key] = Buffer.from(data.subarray(nul + 1)).toString('latin1');
    if (type === 'iTXt' && key) {
      // keyword, compression flag and method, language tag, translated keyword, then the text
      const flag = data[nul + 1];
      let rest = nul + 3;
      rest = data.indexOf(0, rest) + 1;
      rest = data.indexOf(0, rest) + 1;
      const text = data.subarray(rest);
      try {
        result[key] = (flag === 1 ? inflateSync(text) : Buffer.from(text)).toString('utf8');
      } catch {
        // a damaged chunk is ignored like any unknown ancillary chunk
      }
    }
    if (type === 'IDAT' || type === 'IEND') break;
    at += 12 + length;
  }
  return result;
}

/** The media type of image bytes by their signature, or null when unknown. */
export function sniffImageType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | null {
  if (isPng(bytes)) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head = String.fromCharCode(...bytes.subarray(0, 12));
  if (head.startsWith('GIF8')) return 'image/gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image/webp';
  return null;
}
