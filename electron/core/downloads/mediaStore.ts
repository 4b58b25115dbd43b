import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, rmSync, statSync } from 'node:fs';
import { access, chmod, lstat, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { makePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../app/privateFiles.ts';
import { isContentId, storedFile, storedFilePath } from '../media/storedFile.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';
import { DownloadStore } from './downloadStore.ts';

/**
 * Content-addressed files: a file's name is the SHA-256 of its bytes, so the same media is stored
 * once and a name can always be checked against its content. Files arrive through `.partial/` and
 * are renamed into place only when complete and verified.
 */
export class MediaStore {
  readonly root: string;
  private readonly index: DownloadStore;

  constructor(root: string, library: LibraryDatabase) {
    this.root = root;
    this.index = new DownloadStore(library);
    makePrivateDir(root);
    makePrivateDir(join(root, '.partial'));
  }

  pathOf(contentId: string): string {
    return storedFilePath(this.root, contentId);
  }

  partialPath(downloadId: string): string {
    return join(this.root, '.partial', downloadId.replace(/[^0-9a-zA-Z-]/g, ''));
  }

  /**
   * Content id → the file, or null: only content the library has indexed (the shells serve files
   * straight from the store while core is busy, storedFile.ts, and ask here for the rest).
   */
  resolve(contentId: string): { path: string; contentType: string; size: number } | null {
    if (!isContentId(contentId)) return null;
    const row = this.index.media(contentId);
    if (!row) return null;
    const file = storedFile(this.root, contentId);
    return file ? { ...file, contentType: row.content_type } : null;
  }

  has(contentId: string, size: number): boolean {
    try {
      return statSync(this.pathOf(contentId)).size === size;
    } catch {
      return false;
    }
  }

  /**
   * Moves a verified partial file into place (atomic on one file system). Asynchronous and usually
   * one call (the rename): with 8 downloads at a time, a mkdir and an exists check per file on the
   * main thread were a tenth of core's time. Content already indexed is checked on disk first (a
   * file being served is never replaced); otherwise a file of the same name has the same bytes.
   */
  async place(partial: string, contentId: string): Promise<string> {
    const target = this.pathOf(contentId);
    if (this.index.hasMedia(contentId) && (await exists(target))) {
      await rm(partial, { force: true });
      return target;
    }
    // The user's alone (0600), whatever mode the partial file was written with.
    if (process.platform !== 'win32') await chmod(partial, PRIVATE_FILE_MODE);
    try {
      await rename(partial, target);
    } catch (error) {
      // A new shard folder (or one removed by hand): make it, then move the file.
      if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT' && (await exists(partial)))) throw error;
      await mkdir(dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
      await rename(partial, target);
    }
    return target;
  }

  /**
   * The stored file named `contentId` when its bytes still hash to that name, or null: a library
   * rebuilt after damage finds its media here again instead of downloading it.
   */
  async findByContent(contentId: string): Promise<{ path: string; size: number } | null> {
    if (!isContentId(contentId)) return null;
    const path = this.pathOf(contentId);
    try {
      const stat = await lstat(path);
      if (!stat.isFile()) return null;
      const hash = createHash('sha256');
      for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
      return hash.digest('hex') === contentId ? { path, size: stat.size } : null;
    } catch {
      return null;
    }
  }

  remove(contentId: string): void {
    rmSync(this.pathOf(contentId), { force: true });
  }

  /** Every stored file's content id (for the library check), plus stray files that are not media. */
  scan(): { contentIds: string[]; strays: string[]; partials: string[] } {
    const contentIds: string[] = [];
    const strays: string[] = [];
    for (const dir of readdirSync(this.root, { withFileTypes: true })) {
      if (dir.name === '.partial') continue;
      const full = join(this.root, dir.name);
      if (!dir.isDirectory() || !/^[0-9a-f]{2}$/.test(dir.name)) {
        strays.push(full);
        continue;
      }
      for (const file of readdirSync(full)) {
        if (isContentId(file) && file.startsWith(dir.name)) contentIds.push(file);
        else strays.push(join(full, file));
      }
    }
    const partials = readdirSync(join(this.root, '.partial')).map((f) => join(this.root, '.partial', f));
    return { contentIds, strays, partials };
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
