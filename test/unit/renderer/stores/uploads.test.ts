import { describe, expect, it } from 'vitest';
import { formatsFor } from '../../../../renderer/i18n/format.ts';
import { checkSignature, contentTypeOf, refusalText } from '../../../../renderer/stores/uploads.ts';

const file = (name: string, ...parts: Array<string | number[]>) =>
  new File(
    parts.map((part) => (typeof part === 'string' ? part : new Uint8Array(part))),
    name,
  );

describe('the upload type of a chosen file', () => {
  it('is the type it declares, under its usual name', () => {
    const cases: Array<[string, string]> = [
      ['image/png', 'image/png'],
      ['image/jpeg', 'image/jpeg'],
      ['image/webp', 'image/webp'],
      ['audio/wav', 'audio/wav'],
      ['audio/mpeg', 'audio/mpeg'],
      ['audio/ogg', 'audio/ogg'],
      ['video/mp4', 'video/mp4'],
      ['video/webm', 'video/webm'],
      ['audio/x-wav', 'audio/wav'],
      ['audio/wave', 'audio/wav'],
      ['audio/mp3', 'audio/mpeg'],
      ['image/jpg', 'image/jpeg'],
      ['IMAGE/PNG', 'image/png'],
      ['audio/wav; codecs=1', 'audio/wav'],
    ];
    // The name does not count when the type is declared: a `.txt` declared as PNG is sent as PNG.
    for (const [type, upload] of cases) expect(contentTypeOf({ name: 'notes.txt', type }), type).toBe(upload);
  });

  it('is found by its extension, in any case, when it declares no type or only raw bytes', () => {
    const cases: Array<[string, string]> = [
      ['a.png', 'image/png'],
      ['a.jpg', 'image/jpeg'],
      ['a.jpeg', 'image/jpeg'],
      ['a.webp', 'image/webp'],
      ['a.wav', 'audio/wav'],
      ['a.mp3', 'audio/mpeg'],
      ['a.ogg', 'audio/ogg'],
      ['a.mp4', 'video/mp4'],
      ['a.webm', 'video/webm'],
      ['Portrait.JPG', 'image/jpeg'],
      ['voice.MP3', 'audio/mpeg'],
      ['my.take.2.WebM', 'video/webm'],
    ];
    for (const [name, upload] of cases) {
      expect(contentTypeOf({ name, type: '' }), name).toBe(upload);
      expect(contentTypeOf({ name, type: 'application/octet-stream' }), name).toBe(upload);
    }
  });

  it('is none for a type no upload takes, whatever the name says', () => {
    for (const type of ['text/plain', 'image/gif', 'audio/mp4', 'video/quicktime', 'constructor']) {
      expect(contentTypeOf({ name: 'a.png', type }), type).toBeNull();
    }
  });

  it('is none for an extension no upload takes, or no extension', () => {
    for (const name of ['a.gif', 'a.m4a', 'a.txt', 'a.', 'README', 'a.constructor', 'a.__proto__', '']) {
      expect(contentTypeOf({ name, type: '' }), name).toBeNull();
    }
  });
});

describe('a chosen file checked by its first bytes', () => {
  it('is sent as the type its content is, whatever its name says', async () => {
    expect(await checkSignature(file('photo.jpg', [0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13]), ['image'])).toEqual({ type: 'image/png' });
    expect(await checkSignature(file('take.mp3', 'RIFF', [0, 0, 0, 0], 'WAVEfmt '), ['audio'])).toEqual({ type: 'audio/wav' });
    expect(await checkSignature(file('clip', [0, 0, 0, 0x20], 'ftypisom'), ['image', 'video'])).toEqual({ type: 'video/mp4' });
  });

  it('is refused, in words naming what is taken, when its content is no upload type of this place', async () => {
    const refusals: Array<[File, Array<'image' | 'audio' | 'video'>]> = [
      [file('notes.png', 'hello, this is not an image'), ['image']],
      [file('anim.png', 'GIF89a', [1, 0]), ['image']],
      [file('song.mp4', [0, 0, 0, 0x20], 'ftypM4A '), ['audio', 'video']],
      [file('tone.png', 'RIFF', [0, 0, 0, 0], 'WAVEfmt '), ['image']],
      [file('empty.png'), ['image']],
    ];
    for (const [chosen, kinds] of refusals) {
      const checked = await checkSignature(chosen, kinds);
      expect(checked, chosen.name).toEqual({ refused: { why: 'disguised', name: chosen.name, kinds } });
      expect('refused' in checked && refusalText(checked.refused, formatsFor('en'))).toBe(
        `${chosen.name} is not what its name says: its content is not ${kinds
          .map((kind) => ({ image: 'PNG, JPEG or WebP', audio: 'WAV, MP3 or OGG', video: 'MP4 or WebM' })[kind])
          .join('; ')}, which is what this place takes.`,
      );
    }
  });
});
