/**
 * Media types recognised by a file's signature (its first bytes), never by its name, its extension
 * or what a sender said. Core serves library media by it; the renderer checks a dropped file with
 * it before uploading, so a text file named `.png` is refused at once in words; the sandbox's upload
 * endpoint refuses bytes that are not the type they were sent as.
 */

/** How many leading bytes `signatureTypeOf` needs. */
export const SIGNATURE_BYTES = 16;

const ascii = (bytes: Uint8Array, at: number, text: string): boolean => {
  if (bytes.length < at + text.length) return false;
  for (let i = 0; i < text.length; i += 1) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
};

/** One row per known type; the first that matches wins. */
const SIGNATURES: ReadonlyArray<{ type: string; matches: (b: Uint8Array) => boolean }> = [
  { type: 'image/png', matches: (b) => b[0] === 0x89 && ascii(b, 1, 'PNG\r\n\x1a\n') },
  { type: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', matches: (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a') },
  { type: 'image/webp', matches: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
  { type: 'audio/wav', matches: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE') },
  { type: 'audio/ogg', matches: (b) => ascii(b, 0, 'OggS') },
  // ISO base media: a box size, then `ftyp`. M4A is audio; every other brand is played as video.
  { type: 'audio/mp4', matches: (b) => ascii(b, 4, 'ftyp') && ascii(b, 8, 'M4A ') },
  { type: 'video/mp4', matches: (b) => ascii(b, 4, 'ftyp') },
  { type: 'video/webm', matches: (b) => b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3 },
  // MP3: an ID3v2 tag, or an MPEG audio frame sync of layer III (ADTS AAC has layer bits 00).
  {
    type: 'audio/mpeg',
    matches: (b) => ascii(b, 0, 'ID3') || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0 && ((b[1] ?? 0) & 0x06) === 0x02),
  },
];

/** Every type `signatureTypeOf` can answer. */
export const SIGNATURE_TYPES: readonly string[] = [...new Set(SIGNATURES.map((row) => row.type))];

/** The media type of a file that starts with `head`, or null when no known signature matches. */
export function signatureTypeOf(head: Uint8Array): string | null {
  return SIGNATURES.find((row) => row.matches(head))?.type ?? null;
}

/**
 * Whether `head` starts like a file of this type, whatever else it could also be read as: the
 * check of content against a declared type. (Any ISO base media file passes as `video/mp4`, M4A
 * included, though `signatureTypeOf` names that one `audio/mp4`.)
 */
export function hasSignatureOf(type: string, head: Uint8Array): boolean {
  return SIGNATURES.some((row) => row.type === type && row.matches(head));
}
