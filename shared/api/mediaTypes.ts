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

/** Other names services and browsers give the same types. */
const TYPE_ALIASES: ReadonlyMap<string, string> = new Map([
  ['audio/x-wav', 'audio/wav'],
  ['audio/wave', 'audio/wav'],
  ['audio/mp3', 'audio/mpeg'],
  ['image/jpg', 'image/jpeg'],
]);

/**
 * The extension of every media type above: the upload types' own, and for the other media a CDN
 * may serve the extension `TYPE_OF_EXTENSION` lists first for it (`audio/mp4` → `m4a`).
 */
const EXTENSION_OF_MEDIA_TYPE: ReadonlyMap<string, string> = new Map([
  ...Object.entries(TYPE_OF_EXTENSION)
    .reverse()
    .map(([extension, type]): [string, string] => [type, extension]),
  ...Object.entries(EXTENSION_OF_TYPE),
]);

/** A media type without its parameters, in lower case, under its usual name (`audio/x-wav; codecs=1` → `audio/wav`). */
export function plainType(contentType: string): string {
  const bare = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return TYPE_ALIASES.get(bare) ?? bare;
}

/** The extension (without the dot) a file of this media type is named with, or undefined for a type this module does not know. */
export function extensionOfType(contentType: string): string | undefined {
  return EXTENSION_OF_MEDIA_TYPE.get(plainType(contentType));
}

/** The media type of a file named with this extension (without the dot, any case), or undefined for one this module does not know. */
export function typeOfExtension(extension: string): string | undefined {
  const lower = extension.toLowerCase();
  return Object.hasOwn(TYPE_OF_EXTENSION, lower) ? TYPE_OF_EXTENSION[lower] : undefined;
}

/**
 * Types of the files a shell serves from the renderer's build (by extension with its dot, lower
 * case): the page, its scripts, styles and fonts, and the media types above.
 */
export const ASSET_TYPE_OF_EXTENSION: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(TYPE_OF_EXTENSION).map(([extension, type]) => [`.${extension}`, type])),
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};
