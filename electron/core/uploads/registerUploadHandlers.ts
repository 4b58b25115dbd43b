import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { isUploadType, UPLOAD_TYPES, type UploadContentType } from '../../../shared/api/index.ts';
import { typeOfExtension } from '../../../shared/api/mediaTypes.ts';
import type { ApiClient } from '../api/apiClient.ts';
import type { StreamedBody } from '../api/httpClient.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { Router } from '../ipc/router.ts';
import { isMissingEndpoint } from '../serviceFacts/serviceDiscovery.ts';
import type { ServiceFactsStore } from '../serviceFacts/serviceFactsStore.ts';

/** What uploads use of the active connection. */
export type UploadServices = {
  canSend(): boolean;
  api: Pick<ApiClient, 'upload'>;
  facts: Pick<ServiceFactsStore, 'uploads' | 'uploadPath' | 'uploadsAnswered' | 'uploadsMissing'>;
};

/** Said on the field a file was dropped on when the service takes no uploads (spec 4.7 leaves the endpoint unshown). */
/**
 * Decision (spec 4.7 leaves it unshown): POST with raw bytes and Content-Type to the connection's
 * upload path (its capabilities', else /v1/uploads) → CDN URL. A service that answers 404 there
 * takes no uploads; that is remembered for the connection and said in one sentence.
 */
export function registerUploadHandlers(router: Router, deps: { active: () => UploadServices }): void {
  const upload = async (body: Uint8Array | StreamedBody, contentType: UploadContentType) => {
    const services = deps.active();
    const { facts } = services;
    if (facts.uploads === 'not_offered') throw new AppFailure('uploads_not_offered', {});
    if (!services.canSend()) throw new AppFailure('offline', { doing: 'upload' });
    try {
      const uploaded = await services.api.upload(body, contentType, randomUUID(), facts.uploadPath());
      facts.uploadsAnswered();
      return { url: uploaded.url, contentType: uploaded.content_type, size: uploaded.size };
    } catch (error) {
      if (!isMissingEndpoint(error)) throw error;
      facts.uploadsMissing();
      throw new AppFailure('uploads_not_offered', {});
    }
  };

  router.register('uploads.create', (input) => {
    const contentType = supported(input.contentType, 'contentType');
    const bytes = Buffer.from(input.dataBase64, 'base64');
    withinLimit(bytes.length, contentType);
    return upload(bytes, contentType);
  });

  router.register('uploads.fromPath', async (input) => {
    const contentType = supported(typeOfExtension(extname(input.path).slice(1)), 'path');
    const info = await stat(input.path).catch(() => null);
    if (!info?.isFile()) throw new AppFailure('file_unreadable', { name: null }, { field: 'path' });
    withinLimit(info.size, contentType);
    // Streamed from disk, opened again for each attempt; never more than the size checked above,
    // so a file that grows meanwhile cannot pass the limit.
    const { path } = input;
    const length = info.size;
    return upload(
      length === 0 ? new Uint8Array() : { length, open: () => createReadStream(path, { start: 0, end: length - 1 }) },
      contentType,
    );
  });
}

function supported(contentType: string | undefined, field: string): UploadContentType {
  if (contentType === undefined || !isUploadType(contentType)) {
    throw new AppFailure('unsupported_media_type', {}, { field });
  }
  return contentType;
}

function withinLimit(size: number, contentType: UploadContentType): void {
  const limit = UPLOAD_TYPES[contentType].maxBytes;
  if (size > limit) throw new AppFailure('file_too_large', { size, limit });
}
