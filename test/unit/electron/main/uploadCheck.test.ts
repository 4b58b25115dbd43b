import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDroppedFile, sniffContentType } from '../../../../electron/main/uploadCheck.ts';
import type { AppError } from '../../../../shared/ipc/index.ts';
import { describeError } from '../../../../renderer/errors/errorMessages.ts';
import { formatsFor } from '../../../../renderer/i18n/format.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('files dropped from the OS, checked again in main', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cast-drop-'));
    writeFileSync(join(dir, 'face.png'), PNG);
    writeFileSync(join(dir, 'fake.png'), 'MZ this is an executable');
    writeFileSync(join(dir, 'huge.png'), Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]));
    mkdirSync(join(dir, 'folder.png'));
    symlinkSync(join(dir, 'face.png'), join(dir, 'link.png'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes a real image on to core by its real path', async () => {
    expect(await checkDroppedFile({ path: join(dir, 'face.png') })).toEqual({ input: { path: join(dir, 'face.png') } });
  });

  it('resolves a symlink to the file it points at', async () => {
    expect(await checkDroppedFile({ path: join(dir, 'link.png') })).toEqual({ input: { path: join(dir, 'face.png') } });
  });

  it('refuses a file whose bytes are not an accepted type, whatever its name', async () => {
    expect(await checkDroppedFile({ path: join(dir, 'fake.png') })).toMatchObject({
      reply: { ok: false, error: { code: 'invalid_upload' } },
    });
  });

  it('refuses a file over its type’s size limit, saying the sizes', async () => {
    const outcome = await checkDroppedFile({ path: join(dir, 'huge.png') });
    expect(outcome).toMatchObject({
      reply: { ok: false, error: { code: 'invalid_upload', params: { why: 'too_large', limit: 10 * 1024 * 1024 } } },
    });
    const { error } = (outcome as { reply: { ok: false; error: AppError } }).reply;
    expect(describeError(error, formatsFor('en'))).toContain('at most 10 MB');
  });

  it('refuses folders, missing files and inputs without a path', async () => {
    for (const input of [{ path: join(dir, 'folder.png') }, { path: join(dir, 'missing.png') }, { path: '' }, {}, null, 'x']) {
      expect(await checkDroppedFile(input), JSON.stringify(input)).toHaveProperty('reply.ok', false);
    }
  });

  it('sniffs every accepted type from its first bytes', () => {
    const ascii = (s: string) => Buffer.from(s, 'latin1');
    expect(sniffContentType(PNG)).toBe('image/png');
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffContentType(ascii('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffContentType(ascii('RIFF\0\0\0\0WAVEfmt '))).toBe('audio/wav');
    expect(sniffContentType(ascii('OggS\0\u0002'))).toBe('audio/ogg');
    expect(sniffContentType(ascii('ID3\u0004'))).toBe('audio/mpeg');
    expect(sniffContentType(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))).toBe('video/webm');
    expect(sniffContentType(ascii('\0\0\0\u0018ftypmp42'))).toBe('video/mp4');
    expect(sniffContentType(ascii('%PDF-1.7'))).toBeNull();
  });
});
