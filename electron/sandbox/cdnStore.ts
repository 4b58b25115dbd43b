import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isUploadType, UPLOAD_TYPES } from '../../shared/api/index.ts';
import { EXTENSION_OF_TYPE as EXT_BY_TYPE } from '../../shared/api/mediaTypes.ts';
import type { Db } from './db/database.ts';
import { getObject, isOwnedBy, recordObject, recordOwnership } from './repos/cdnRepo.ts';

export type MediaKind = 'image' | 'audio' | 'video';
export type CdnObject = { sha256: string; ext: string; contentType: string; size: number; url: string };

export function kindOf(type: string): MediaKind | null {
  return isUploadType(type) ? UPLOAD_TYPES[type].kind : null;
}

/**
 * Content-addressed media: `<data>/cdn/<sha256>.<ext>`, served immutable at `<cdn_url>/<sha256>.<ext>`.
 * Files are written (temp + rename) before the database row that points at them commits, so a
 * crash leaves at most an unreferenced file, never a row without its bytes.
 */
export class CdnStore {
  readonly dir: string;
  readonly baseUrl: string;
  private readonly db: Db;

  constructor(db: Db, dataDir: string, baseUrl: string) {
    this.db = db;
    this.dir = join(dataDir, 'cdn');
    this.baseUrl = baseUrl;
    mkdirSync(this.dir, { recursive: true });
  }

  /** Writes the bytes and records the object; safe to call twice with the same bytes. */
  put(bytes: Uint8Array, contentType: string, now: Date): CdnObject {
    if (!isUploadType(contentType)) throw new Error(`No CDN extension for ${contentType}.`);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const ext = EXT_BY_TYPE[contentType];
    const file = this.filePath(sha256, ext);
    if (!existsSync(file)) {
      const tmp = join(this.dir, `.${randomUUID()}.tmp`);
      writeFileSync(tmp, bytes);
      renameSync(tmp, file);
    }
    recordObject(this.db, { sha256, ext, contentType, size: bytes.length }, now.toISOString());
    return { sha256, ext, contentType, size: bytes.length, url: this.urlFor(sha256, ext) };
  }

  /** Records that `userId` owns the object (an upload or a generated output). */
  own(userId: string, object: CdnObject, source: 'upload' | 'generated', now: Date): string {
    const kind = kindOf(object.contentType) ?? 'image';
    return recordOwnership(this.db, { id: randomUUID(), userId, sha256: object.sha256, kind, source, createdAt: now.toISOString() });
  }

  get(sha256: string): CdnObject | null {
    const object = getObject(this.db, sha256);
    return object ? { ...object, url: this.urlFor(sha256, object.ext) } : null;
  }

  ownedBy(userId: string, sha256: string): boolean {
    return isOwnedBy(this.db, userId, sha256);
  }

  read(object: { sha256: string; ext: string }): Uint8Array {
    return readFileSync(this.filePath(object.sha256, object.ext));
  }

  filePath(sha256: string, ext: string): string {
    return join(this.dir, `${sha256}.${ext}`);
  }

  urlFor(sha256: string, ext: string): string {
    return `${this.baseUrl}/${sha256}.${ext}`;
  }

  /** The object a CDN URL of ours names, or null (the URL must already have passed the SSRF check). */
  fromUrl(url: string): CdnObject | null {
    const match = /\/([0-9a-f]{64})\.[a-z0-9]+$/.exec(url);
    return match?.[1] ? this.get(match[1]) : null;
  }
}
