import { z } from 'zod';
import { Timestamp, Uuid, dataOf } from './common.ts';
import { UPLOAD_TYPES } from './uploadTypes.ts';

/** Decision (spec 4.7 leaves it unshown): POST /v1/uploads with the raw bytes as the body. Core reads the types from here too. */
export { UPLOAD_TYPES };
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
