/** Decision (spec 4.7 leaves it unshown): the media types POST /v1/uploads takes, each with its kind and size limit. */
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

/** Whether a media type (in its plain form, see `plainType`) is one of the upload types. */
export function isUploadType(type: string): type is keyof typeof UPLOAD_TYPES {
  return Object.hasOwn(UPLOAD_TYPES, type);
}
