import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hasSignatureOf } from '../../../shared/api/fileSignature.ts';
import { isUploadType, UPLOAD_TYPES } from '../../../shared/api/uploadTypes.ts';
import type { Media } from './mediaRenderer.ts';
import { FfmpegRefusal } from './ffmpegRefusal.ts';
import { MAX_PIXELS } from './imageFrame.ts';

type UploadType = keyof typeof UPLOAD_TYPES;

/**
 * The demuxer each upload type is read with. It is named, never guessed from the content: a file
 * that says it is a WAV is parsed as a WAV or not at all, never as a playlist or a concat script
 * that names other files or URLs.
 */
const DEMUXER: Record<UploadType, string> = {
  'image/png': 'png_pipe',
  'image/jpeg': 'jpeg_pipe',
  'image/webp': 'webp_pipe',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'video/mp4': 'mov',
  'video/webm': 'matroska',
};

/**
 * Checks an uploaded (or earlier generated) file before ffmpeg sees it: its type is an upload type
 * of `kind`, its first bytes carry that type's signature, and it is within that type's size limit.
 * Otherwise throws an `FfmpegRefusal` that says which; `what` names the file for the creator.
 */
export function checkUploaded(media: Media, kind: 'image' | 'audio' | 'video', what: string): UploadType {
  const type = media.contentType;
  const refuse = (why: string): never => {
    throw new FfmpegRefusal(`The ${what} could not be read: ${why}`);
  };
  if (!isUploadType(type) || UPLOAD_TYPES[type].kind !== kind) return refuse(`it is ${type || 'of no known type'}, not ${kind}.`);
  if (!hasSignatureOf(type, media.bytes))
    return refuse(`its first bytes are not those of ${type}, the type it was uploaded as; upload it again with its real type.`);
  const { maxBytes } = UPLOAD_TYPES[type];
  if (media.bytes.length > maxBytes)
    return refuse(`it is larger than the ${Math.round(maxBytes / (1024 * 1024))} MiB a ${type} upload may be; upload a smaller file.`);
  return type;
}

/**
 * Writes a checked upload into the run's scratch folder and answers the ffmpeg input options that
 * read it: its demuxer forced, frames bounded. A file, not a pipe: MP4 needs seeking.
 */
export async function uploadedInput(
  dir: string,
  name: string,
  media: Media,
  kind: 'image' | 'audio' | 'video',
  what: string,
): Promise<string[]> {
  const type = checkUploaded(media, kind, what);
  const path = join(dir, name);
  await writeFile(path, media.bytes);
  return [...(kind === 'audio' ? [] : ['-max_pixels', String(MAX_PIXELS)]), '-f', DEMUXER[type], '-i', path];
}
