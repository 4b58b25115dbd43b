import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { extensionOfType } from '../../../../shared/api/mediaTypes.ts';
import { AppFailure } from '../../ipc/appFailure.ts';

/**
 * How an export's files reach its folder: each is written to a hidden `.part` file and renamed
 * into place only when whole, and the folder is the export's own (made fresh), so a cancelled or
 * failed export is undone by removing that one folder.
 */

/** A name any file system takes: no separators or reserved characters, not empty, not too long. */
export function safeName(name: string, fallback: string): string {
  const cleaned = name
    .replace(/[\\/:*?"<>|]/g, ' ')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 80)
    .trim();
  return cleaned.length > 0 ? cleaned : fallback;
}

/** Makes `<parent>/<name>`, or `<name> (2)`… when that is taken; never reuses a folder it did not make. */
export async function freshFolder(parent: string, name: string): Promise<string> {
  await mkdir(parent, { recursive: true });
  for (let attempt = 1; attempt < 1000; attempt += 1) {
    const folder = join(parent, attempt === 1 ? name : `${name} (${attempt})`);
    try {
      await mkdir(folder);
      return folder;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
  }
  throw new AppFailure('export_failed', { folder: parent, step: 'make_folder_in' });
}

export async function writeTextFile(path: string, text: string): Promise<void> {
  const part = partOf(path);
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(part, text, { flag: 'wx', mode: 0o644 });
    await rename(part, path);
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
}

export async function copyFileInto(source: string, path: string, signal: AbortSignal): Promise<void> {
  const part = partOf(path);
  try {
    await mkdir(dirname(path), { recursive: true });
    await pipeline(createReadStream(source), createWriteStream(part, { flags: 'wx', mode: 0o644 }), { signal });
    await rename(part, path);
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
}

function partOf(path: string): string {
  return join(dirname(path), `.${basename(path)}.${randomUUID().slice(0, 8)}.part`);
}

/** The extension (with its dot) a line's file gets from its media type; `.bin` for a type of no known media. */
export function extensionOf(mediaType: string): string {
  const extension = extensionOfType(mediaType);
  return extension === undefined ? '.bin' : `.${extension}`;
}

/** A sentence for a write that failed, naming the folder. */
export function writeFailure(error: unknown, folder: string): AppFailure {
  if (error instanceof AppFailure) return error as AppFailure;
  return (error as { code?: string }).code === 'ENOSPC'
    ? new AppFailure('disk_full', { when: 'scene_export', folder })
    : new AppFailure('export_failed', { folder, step: 'write' });
}
