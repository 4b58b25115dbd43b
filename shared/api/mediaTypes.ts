import type { UploadContentType } from './uploads.ts';

/**
 * The extension (lower case, without the dot) files of each upload type are named with: the
 * CDN's content addresses (`<cdn>/<sha256>.<ext>`) and the files the app stores or saves.
 */
export const EXTENSION_OF_TYPE: Readonly<Record<UploadContentType, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

/**
 * Media types by file extension (lower case, without the dot): the upload types', and the other
 * media a CDN may serve. For a file whose answer or address states no type of its own.
 */
export const TYPE_OF_EXTENSION: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
};
