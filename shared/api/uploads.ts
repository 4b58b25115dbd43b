import { z } from 'zod';
import { Timestamp, Uuid, dataOf } from './common.ts';

/** Decision (spec 4.7 leaves it unshown): POST /v1/uploads with the raw bytes as the body. */
export const UPLOAD_TYPES = {
  'image/png': { kind: 'image', maxBytes: 10 * 1024 * 1024 },
  'image/jpeg': { kind: 'image', maxBytes: 10 * 1024 * 1024 },
  'image/webp': { kind: 'image', maxBytes: 10 * 1024 * 1024 },
  'audio/wav': { kind: 'audio', maxBytes: 25 * 1024 * 1024 },
  'audio/mpeg': { kind: 'audio', maxBytes: 25 * 1024 * 1024 },
  'audio/ogg': { kind: 'audio', maxBytes: 25 * 1024 * 1024 },
  'video/mp4': { kind: 'video', maxBytes: 100 * 1024 * 1024 },
  'video/webm': { kind: 'video', maxBytes: 100 * 1024 * 1024 },
} as const;
export type UploadContentType = keyof typeof UPLOAD_TYPES;
export const UploadContentType = z.enum(Object.keys(UPLOAD_TYPES) as [UploadContentType, ...UploadContentType[]]);

export const Upload = z.looseObject({
  id: Uuid,
  url: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  created_at: Timestamp,
});
export type Upload = z.infer<typeof Upload>;
export const UploadResponse = dataOf(Upload);
