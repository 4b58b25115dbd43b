import { describe, expect, it } from 'vitest';
import { hasSignatureOf, signatureTypeOf } from '../../../../shared/api/fileSignature.ts';
import { UPLOAD_TYPES } from '../../../../shared/api/uploadTypes.ts';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part)))));

const UPLOAD_TYPE_NAMES = Object.keys(UPLOAD_TYPES);

/** A file's first bytes, and the upload types it may be sent as. */
const HEADS: Array<[string, Uint8Array, string[]]> = [
  ['PNG', bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13]), ['image/png']],
  ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), ['image/jpeg']],
  ['WebP', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), ['image/webp']],
  ['WAV', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), ['audio/wav']],
  ['MP3 with an ID3 tag', bytes('ID3', [4, 0]), ['audio/mpeg']],
  ['MPEG-1 layer III frame', bytes([0xff, 0xfb, 0x90, 0x64]), ['audio/mpeg']],
  ['MPEG-2 layer III frame', bytes([0xff, 0xf3, 0x90, 0x64]), ['audio/mpeg']],
  ['Ogg', bytes('OggS', [0, 2]), ['audio/ogg']],
  ['MP4', bytes([0, 0, 0, 0x20], 'ftypisom'), ['video/mp4']],
  ['M4A (an MP4 container)', bytes([0, 0, 0, 0x20], 'ftypM4A '), ['video/mp4']],
  ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3]), ['video/webm']],
  ['GIF', bytes('GIF89a', [1, 0]), []],
  ['AVI', bytes('RIFF', [0, 0, 0, 0], 'AVI '), []],
  ['ADTS AAC (a frame sync, not layer III)', bytes([0xff, 0xf1, 0x50, 0x80]), []],
  ['MPEG-1 layer II frame', bytes([0xff, 0xfd, 0x90, 0x64]), []],
  ['text', bytes('hello, this is not an image'), []],
  ['HTML', bytes('<!doctype html><script>'), []],
  ['a PNG cut short', bytes([0x89, 0x50]), []],
  ['nothing', bytes(), []],
];

describe('content checked against the type it was sent as', () => {
  it('passes exactly the upload types whose signature the bytes carry', () => {
    for (const [name, head, types] of HEADS) {
      expect(
        UPLOAD_TYPE_NAMES.filter((type) => hasSignatureOf(type, head)),
        name,
      ).toEqual(types);
    }
  });

  it('agrees with the type the bytes are read as, save an M4A passing as MP4', () => {
    for (const [name, head, types] of HEADS) {
      const read = signatureTypeOf(head);
      const expected = read === 'audio/mp4' ? 'video/mp4' : read;
      expect(types, name).toEqual(expected !== null && Object.hasOwn(UPLOAD_TYPES, expected) ? [expected] : []);
    }
  });

  it('passes no type it does not know', () => {
    const png = HEADS[0]?.[1] ?? bytes();
    for (const type of ['', 'IMAGE/PNG', 'image/png; x=1', 'image/x-png', 'constructor'])
      expect(hasSignatureOf(type, png), type).toBe(false);
  });
});
