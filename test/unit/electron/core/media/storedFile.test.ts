import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isContentId, storedFile, storedFilePath } from '../../../../../electron/core/media/storedFile.ts';
import { tempDir } from '../support/tempDir.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A media store on disk, and a file put in it under the SHA-256 of its bytes. */
function store(): { root: string; put: (bytes: string) => string } {
  const root = join(tempDir('cast-stored-'), 'media', 'profile');
  folders.push(join(root, '..', '..'));
  mkdirSync(root, { recursive: true });
  return {
    root,
    put: (bytes) => {
      const id = createHash('sha256').update(bytes).digest('hex');
      mkdirSync(join(root, id.slice(0, 2)), { recursive: true });
      writeFileSync(storedFilePath(root, id), bytes);
      return id;
    },
  };
}

describe('a file in a media store', () => {
  it('is found by its content id, with its size', () => {
    const { root, put } = store();
    const id = put('a picture');
    expect(storedFile(root, id)).toEqual({ path: join(root, id.slice(0, 2), id), size: 9 });
  });

  it('is not found when it is not there, or in another store', () => {
    const { root, put } = store();
    const other = store();
    const id = other.put('elsewhere');
    expect(storedFile(root, id)).toBeNull();
    expect(storedFile(root, 'a'.repeat(64))).toBeNull();
    put('here');
    expect(storedFile(join(root, 'missing'), id)).toBeNull();
  });

  it('is never reached by a path or anything that is not a content id', () => {
    const { root, put } = store();
    const id = put('a picture');
    for (const asked of ['../../etc/passwd', `${id.slice(0, 2)}/${id}`, id.toUpperCase(), `${id}x`, id.slice(1), '', '/etc/passwd'])
      expect(storedFile(root, asked), asked).toBeNull();
    expect(isContentId(id)).toBe(true);
    expect(isContentId(42)).toBe(false);
    expect(() => storedFilePath(root, '../x')).toThrow(/content id/);
  });

  it('is not followed when it is a symlink, or its shard folder is', () => {
    const { root } = store();
    const outside = store();
    const secret = outside.put('a file elsewhere on the disk');
    // The file itself a link to a file outside the store.
    const linkedFile = createHash('sha256').update('linked file').digest('hex');
    mkdirSync(join(root, linkedFile.slice(0, 2)), { recursive: true });
    symlinkSync(storedFilePath(outside.root, secret), storedFilePath(root, linkedFile));
    expect(storedFile(root, linkedFile)).toBeNull();
    // The shard folder a link to another store's shard: the file in it is real, the way to it is not.
    rmSync(join(root, secret.slice(0, 2)), { recursive: true, force: true });
    symlinkSync(join(outside.root, secret.slice(0, 2)), join(root, secret.slice(0, 2)));
    expect(storedFile(root, secret)).toBeNull();
    expect(storedFile(outside.root, secret)).not.toBeNull();
  });

  it('is not a folder that bears a content id', () => {
    const { root } = store();
    const id = createHash('sha256').update('a folder').digest('hex');
    mkdirSync(storedFilePath(root, id), { recursive: true });
    expect(storedFile(root, id)).toBeNull();
  });
});
