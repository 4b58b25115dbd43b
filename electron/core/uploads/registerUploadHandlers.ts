import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { UPLOAD_TYPES, type UploadContentType } from '../../../shared/api/index.ts';
import type { CoreContext } from '../coreContext.ts';
import { AppFailure } from '../ipc/appFailure.ts';

const BY_EXTENSION: Record<string, UploadContentType> = {
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp',
  '.wav': 'audio/wav', '.mp3': 'audio/mpeg', '.ogg': 'audio/ogg', '.mp4': 'video/mp4', '.webm': 'video/webm',
};

/** Decision (spec 4.7 leaves it unshown): POST /v1/uploads with raw bytes and Content-Type → CDN URL. */
export function registerUploadHandlers(ctx: CoreContext): void {
  const { router, connections } = ctx;

  const upload = async (bytes: Uint8Array, contentType: string) => {
    const session = connections.requireSession();
    if (!Object.hasOwn(UPLOAD_TYPES, contentType)) {
      throw new AppFailure('unsupported_media_type', 'That file type is not supported. Use PNG, JPEG or WebP images, WAV, MP3 or OGG audio, or MP4 or WebM video.', 'contentType');
    }
    const limit = UPLOAD_TYPES[contentType as UploadContentType].maxBytes;
    if (bytes.length > limit) throw new AppFailure('payload_too_large', `That file is ${mb(bytes.length)}; the limit for this type is ${mb(limit)}.`);
    if (!session.canSend()) throw new AppFailure('offline', 'Uploading needs the service. Try again when you are online.');
    const uploaded = await session.api.upload(bytes, contentType, randomUUID());
    return { url: uploaded.url, contentType: uploaded.content_type, size: uploaded.size };
  };

  router.register('uploads.create', (input) => upload(Buffer.from(input.dataBase64, 'base64'), input.contentType));

  router.register('uploads.fromPath', async (input) => {
    const contentType = BY_EXTENSION[extname(input.path).toLowerCase()];
    if (!contentType) throw new AppFailure('unsupported_media_type', 'That file type is not supported. Use PNG, JPEG or WebP images, WAV, MP3 or OGG audio, or MP4 or WebM video.', 'path');
    const info = await stat(input.path).catch(() => null);
    if (!info?.isFile()) throw new AppFailure('not_found', 'That file could not be opened. Choose it again.', 'path');
    if (info.size > UPLOAD_TYPES[contentType].maxBytes) throw new AppFailure('payload_too_large', `That file is ${mb(info.size)}; the limit for this type is ${mb(UPLOAD_TYPES[contentType].maxBytes)}.`);
    return upload(await readFile(input.path), contentType);
  });
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
