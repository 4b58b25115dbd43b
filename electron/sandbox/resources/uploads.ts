import { hasSignatureOf } from '../../../shared/api/fileSignature.ts';
import { isUploadType, UPLOAD_TYPES } from '../../../shared/api/index.ts';
import { transaction } from '../db/database.ts';
import { uploadCreatedAt } from '../repos/cdnRepo.ts';
import { SandboxError } from '../sandboxError.ts';
import { readBody } from '../server/http.ts';
import type { Router } from '../server/router.ts';
import { v1 } from '../server/v1.ts';

/**
 * Decision (spec 4.7: the upload endpoint is not shown): POST /v1/uploads with the raw bytes as the
 * body and their Content-Type. The answer is an immutable, content-addressed HTTPS CDN URL owned by
 * the caller, usable in every URL field. Uploading the same bytes again returns the same upload.
 */
export function registerUploads(router: Router): void {
  router.add(
    'POST',
    '/v1/uploads',
    v1(async (ctx) => {
      const type = (ctx.req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!isUploadType(type)) {
        throw new SandboxError(
          'unsupported_media_type',
          `Uploads take ${Object.keys(UPLOAD_TYPES).join(', ')}; this was "${type || 'no Content-Type'}".`,
        );
      }
      const { maxBytes } = UPLOAD_TYPES[type];
      const bytes = await readBody(ctx.req, maxBytes);
      if (bytes.length === 0) throw new SandboxError('validation_error', 'The upload is empty; send the file bytes as the body.', 'body');
      // The declared Content-Type must match the content: its first bytes carry that type's signature.
      if (!hasSignatureOf(type, bytes))
        throw new SandboxError('unsupported_media_type', `The bytes are not ${type}; send the file with its real Content-Type.`);
      const s = ctx.services;
      const now = s.now();
      const object = s.cdn.put(bytes, type, now);
      const id = transaction(s.db, () => s.cdn.own(ctx.actor.user.id, object, 'upload', now));
      return {
        status: 201,
        headers: { Location: object.url },
        body: {
          data: {
            id,
            url: object.url,
            content_type: type,
            size: object.size,
            sha256: object.sha256,
            created_at: uploadCreatedAt(s.db, id),
          },
        },
      };
    }),
  );
}
