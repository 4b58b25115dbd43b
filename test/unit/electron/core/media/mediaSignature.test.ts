import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaTypeOf, mediaTypeOfFile, SERVED_MEDIA_TYPES } from '../../../../../electron/core/media/mediaSignature.ts';
import { wav } from '../../../../../electron/sandbox/media/placeholderRenderer.ts';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('the served type of a media file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cast-signature-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('comes from the file’s signature for each allowed type', () => {
    const cases: Array<[Buffer, string]> = [
      [bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13]), 'image/png'],
      [bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
      [bytes('GIF89a', [1, 0]), 'image/gif'],
      [bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
      [bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'audio/wav'],
      [bytes('OggS', [0, 2]), 'audio/ogg'],
      [bytes([0, 0, 0, 0x20], 'ftypisom'), 'video/mp4'],
      [bytes([0, 0, 0, 0x20], 'ftypM4A '), 'audio/mp4'],
      [bytes([0x1a, 0x45, 0xdf, 0xa3]), 'video/webm'],
      [bytes('ID3', [4, 0]), 'audio/mpeg'],
      [bytes([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg'],
    ];
    for (const [head, type] of cases) expect(mediaTypeOf(head), type).toBe(type);
    expect(new Set(cases.map(([, type]) => type))).toEqual(new Set(SERVED_MEDIA_TYPES));
  });

  it('is octet-stream for anything else, whatever it claims to be', () => {
    for (const head of [
      bytes('<!doctype html><script>'),
      bytes('<svg xmlns="http://www.w3.org/2000/svg">'),
      bytes('%PDF-1.7'),
      bytes('RIFF', [0, 0, 0, 0], 'AVI '),
      bytes([0xff, 0xf1, 0x50, 0x80]), // ADTS AAC: a frame sync, but not layer III
      bytes([0x89, 0x50]),
      bytes(),
    ]) {
      expect(mediaTypeOf(head), head.toString('latin1')).toBe('application/octet-stream');
    }
  });

  it('reads only a file’s first bytes, and is octet-stream for a file it cannot read', async () => {
    writeFileSync(join(dir, 'tone'), wav(0.1, 440).bytes);
    expect(await mediaTypeOfFile(join(dir, 'tone'))).toBe('audio/wav');
    expect(await mediaTypeOfFile(join(dir, 'missing'))).toBe('application/octet-stream');
  });
});
