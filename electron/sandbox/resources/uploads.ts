import { UPLOAD_TYPES } from '../../../shared/api/index.ts';
import { isKnownType } from '../cdnStore.ts';
import { transaction } from '../db/database.ts';
import { uploadCreatedAt } from '../repos/cdnRepo.ts';
import { SandboxError } from '../sandboxError.ts';
import { readBody } from '../server/http.ts';
import type { Router } from '../server/router.ts';
import { v1 } from '../server/v1.ts';

/** Magic bytes of each accepted type: the declared Content-Type must match the content. */
const SNIFF: Record<keyof typeof UPLOAD_TYPES, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP',
  'audio/wav': (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WAVE',
  'audio/mpeg': (b) => ascii(b, 0, 3) === 'ID3' || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0),
  'audio/ogg': (b) => ascii(b, 0, 4) === 'OggS',
  'video/mp4': (b) => ascii(b, 4, 8) === 'ftyp',
  'video/webm': (b) => b.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])),
};

function ascii(b: Buffer, from: number, to: number): string {
  return b.subarray(from, to).toString('latin1');
}

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
      if (!isKnownType(type)) {
        throw new SandboxError(
          'unsupported_media_type',
          `Uploads take ${Object.keys(UPLOAD_TYPES).join(', ')}; this was "${type || 'no Content-Type'}".`,
        );
      }
      const { maxBytes } = UPLOAD_TYPES[type];
      const bytes = await readBody(ctx.req, maxBytes);
      if (bytes.length === 0) throw new SandboxError('validation_error', 'The upload is empty; send the file bytes as the body.', 'body');
      if (!SNIFF[type](bytes))
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
