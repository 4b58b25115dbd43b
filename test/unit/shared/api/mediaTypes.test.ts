import { describe, expect, it } from 'vitest';
import { EXTENSION_OF_TYPE, TYPE_OF_EXTENSION, extensionOfType, plainType, typeOfExtension } from '../../../../shared/api/mediaTypes.ts';

describe('a media type under its usual name', () => {
  it('drops parameters, space and case, and names an alias by the type it stands for', () => {
    const cases: Array<[string, string]> = [
      ['image/png', 'image/png'],
      ['IMAGE/PNG', 'image/png'],
      [' video/webm; codecs="vp9, opus"', 'video/webm'],
      ['audio/x-wav', 'audio/wav'],
      ['Audio/X-WAV; codecs=1', 'audio/wav'],
      ['audio/wave', 'audio/wav'],
      ['audio/mp3', 'audio/mpeg'],
      ['image/jpg', 'image/jpeg'],
      ['text/plain; charset=utf-8', 'text/plain'],
      ['', ''],
      ['constructor', 'constructor'],
    ];
    for (const [given, plain] of cases) expect(plainType(given), given).toBe(plain);
  });
});

describe('the extension of a media type', () => {
  it('is the upload types’ own, and the one their files are named with elsewhere', () => {
    const cases: Array<[string, string]> = [
      ['image/png', 'png'],
      ['image/jpeg', 'jpg'],
      ['image/webp', 'webp'],
      ['audio/wav', 'wav'],
      ['audio/mpeg', 'mp3'],
      ['audio/ogg', 'ogg'],
      ['video/mp4', 'mp4'],
      ['video/webm', 'webm'],
      ['image/gif', 'gif'],
      ['audio/mp4', 'm4a'],
    ];
    for (const [type, extension] of cases) expect(extensionOfType(type), type).toBe(extension);
    for (const [type, extension] of Object.entries(EXTENSION_OF_TYPE)) expect(extensionOfType(type), type).toBe(extension);
  });

  it('is found for an alias, in any case and with parameters', () => {
    const cases: Array<[string, string]> = [
      ['audio/x-wav', 'wav'],
      ['audio/wave', 'wav'],
      ['audio/mp3', 'mp3'],
      ['image/jpg', 'jpg'],
      ['IMAGE/JPEG', 'jpg'],
      ['Video/MP4', 'mp4'],
      ['video/webm; codecs="vp9, opus"', 'webm'],
      ['audio/wav;codecs=1', 'wav'],
      ['audio/mp4; codecs=mp4a.40.2', 'm4a'],
    ];
    for (const [type, extension] of cases) expect(extensionOfType(type), type).toBe(extension);
  });

  it('is undefined for a type of no known media', () => {
    for (const type of [
      '',
      'text/plain',
      'application/octet-stream',
      'image/svg+xml',
      'video/quicktime',
      'constructor',
      'toString',
      '__proto__',
    ]) {
      expect(extensionOfType(type), type).toBeUndefined();
    }
  });

  it('names a file that reads back as the same type', () => {
    for (const type of new Set(Object.values(TYPE_OF_EXTENSION))) {
      const extension = extensionOfType(type);
      expect(extension, type).toBeDefined();
      expect(typeOfExtension(extension ?? ''), type).toBe(type);
    }
  });
});

describe('the media type of a file extension', () => {
  it('is known for every listed extension, in any case', () => {
    const cases: Array<[string, string]> = [
      ['png', 'image/png'],
      ['jpg', 'image/jpeg'],
      ['jpeg', 'image/jpeg'],
      ['webp', 'image/webp'],
      ['gif', 'image/gif'],
      ['mp4', 'video/mp4'],
      ['webm', 'video/webm'],
      ['wav', 'audio/wav'],
      ['mp3', 'audio/mpeg'],
      ['ogg', 'audio/ogg'],
      ['m4a', 'audio/mp4'],
      ['PNG', 'image/png'],
      ['Jpeg', 'image/jpeg'],
      ['MP3', 'audio/mpeg'],
    ];
    for (const [extension, type] of cases) expect(typeOfExtension(extension), extension).toBe(type);
  });

  it('is undefined for any other, an inherited name included', () => {
    for (const extension of ['', 'txt', 'html', '.png', 'constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(typeOfExtension(extension), extension).toBeUndefined();
    }
  });
});
