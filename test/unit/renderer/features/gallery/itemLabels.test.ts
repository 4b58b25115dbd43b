import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../../../../renderer/features/gallery/itemLabels.ts';
import type { LibraryKind } from '../../../../../shared/ipc/index.ts';

const nameOf = (mediaType: string | null, kind: LibraryKind, title = 'Take') => fileNameOf({ id: 'item-1', title, kind, mediaType });

describe('the file name of a dragged or saved item', () => {
  it('ends in the extension of its media type', () => {
    const cases: Array<[string, LibraryKind, string]> = [
      ['image/png', 'image', 'Take.png'],
      ['image/jpeg', 'image', 'Take.jpg'],
      ['image/webp', 'character_create', 'Take.webp'],
      ['video/mp4', 'video', 'Take.mp4'],
      ['video/webm', 'talk', 'Take.webm'],
      ['audio/wav', 'audio', 'Take.wav'],
      ['audio/mpeg', 'audio', 'Take.mp3'],
      ['audio/ogg', 'audio', 'Take.ogg'],
      ['image/gif', 'image', 'Take.gif'],
      ['audio/mp4', 'audio', 'Take.m4a'],
    ];
    for (const [type, kind, name] of cases) expect(nameOf(type, kind), type).toBe(name);
  });

  it('reads the media type under any name a server gives it', () => {
    const cases: Array<[string, LibraryKind, string]> = [
      ['audio/x-wav', 'audio', 'Take.wav'],
      ['audio/wave', 'audio', 'Take.wav'],
      ['audio/mp3', 'audio', 'Take.mp3'],
      ['image/jpg', 'image', 'Take.jpg'],
      ['IMAGE/JPEG', 'image', 'Take.jpg'],
      ['video/webm; codecs="vp9, opus"', 'video', 'Take.webm'],
    ];
    for (const [type, kind, name] of cases) expect(nameOf(type, kind), type).toBe(name);
  });

  it('ends in its kind’s usual extension when its media type is unknown or not there yet', () => {
    const cases: Array<[string | null, LibraryKind, string]> = [
      [null, 'audio', 'Take.wav'],
      [null, 'video', 'Take.mp4'],
      [null, 'talk', 'Take.mp4'],
      [null, 'image', 'Take.png'],
      [null, 'character_create', 'Take.png'],
      ['', 'audio', 'Take.wav'],
      ['application/octet-stream', 'video', 'Take.mp4'],
      ['text/plain', 'image', 'Take.png'],
      ['constructor', 'talk', 'Take.mp4'],
    ];
    for (const [type, kind, name] of cases) expect(nameOf(type, kind), `${type} ${kind}`).toBe(name);
  });

  it('takes a title any file system accepts, or the item id', () => {
    expect(nameOf('image/png', 'image', 'a/b:c*d?  e')).toBe('a b c d e.png');
    expect(nameOf('image/png', 'image', '///')).toBe('item-1.png');
  });
});
