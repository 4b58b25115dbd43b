import type { UploadContentType } from '../../shared/api/index.ts';
import { isUploadType, UPLOAD_TYPES } from '../../shared/api/uploadTypes.ts';
import { SIGNATURE_BYTES, signatureTypeOf } from '../../shared/api/fileSignature.ts';
import { plainType, typeOfExtension } from '../../shared/api/mediaTypes.ts';
import type { AppError } from '../../shared/ipc/index.ts';
import { COMMAND_LIMITS } from '../../shared/api/limits.ts';
import { mediaUrl, useAppInfoStore } from './appInfoStore.ts';
import { getWebSocketBridge, uploadFile as uploadThroughShell } from '../bridge/index.ts';
import { invoke } from '../bridge/invoke.ts';
import type { MessageId } from '../i18n/catalogs.ts';
import type { Formats } from '../i18n/format.ts';
import { describeError } from '../errors/errorMessages.ts';

export type UploadKind = 'image' | 'audio' | 'video';
export type UploadPhase = 'reading' | 'uploading';
export type Uploaded = { url: string; contentType: string; size: number };

/**
 * Why a file or a gallery item was not taken, kept as what happened, not as a sentence: it is worded
 * when shown (`refusalText`), so a refusal on screen changes language with the studio.
 */
export type Refusal =
  | { why: 'unreadable' | 'disguised' | 'wrongKind'; name: string; kinds: readonly UploadKind[] }
  | { why: 'tooLarge'; name: string; size: number; max: number; kind: UploadKind }
  | { why: 'empty' | 'noRoom' | 'noMedia'; name: string }
  | { why: 'otherKind'; name: string; kind: UploadKind; kinds: readonly UploadKind[] }
  /** Core or the service refused it (a service that takes no uploads). */
  | { why: 'failed'; error: AppError };

const KIND_FORMATS = {
  image: 'uploads.formats.image',
  audio: 'uploads.formats.audio',
  video: 'uploads.formats.video',
} as const satisfies Record<UploadKind, MessageId>;

/** A refusal in words, in the language of `formats`: what happened and what this place takes. */
export function refusalText(refusal: Refusal, formats: Formats): string {
  // The formats each kind takes, said in the language ("PNG, JPEG or WebP").
  const wanted = (kinds: readonly UploadKind[]) => kinds.map((kind) => formats.text(KIND_FORMATS[kind])).join('; ');
  switch (refusal.why) {
    case 'failed':
      return describeError(refusal.error, formats);
    case 'unreadable':
    case 'disguised':
    case 'wrongKind':
      return formats.text(`uploads.${refusal.why}`, { name: refusal.name, wanted: wanted(refusal.kinds) });
    case 'otherKind':
      return formats.text('uploads.otherKind', { name: refusal.name, kind: refusal.kind, wanted: wanted(refusal.kinds) });
    case 'tooLarge':
      return formats.text('uploads.tooLarge', {
        name: refusal.name,
        size: formats.bytes(refusal.size),
        kind: refusal.kind,
        max: formats.bytes(refusal.max),
      });
    default:
      return formats.text(`uploads.${refusal.why}`, { name: refusal.name });
  }
}

/** The picker's `accept` for the upload types of some kinds (UPLOAD_TYPES, the service's decision). */
export function acceptFor(kinds: readonly UploadKind[]): string {
  return (Object.keys(UPLOAD_TYPES) as UploadContentType[]).filter((type) => kinds.includes(UPLOAD_TYPES[type].kind)).join(',');
}

/** The upload type of a file: the one it declares, or by its extension when it declares none (or only raw bytes). */
export function contentTypeOf(file: { name: string; type: string }): UploadContentType | null {
  const declared = plainType(file.type);
  if (isUploadType(declared)) return declared;
  if (declared !== '' && declared !== 'application/octet-stream') return null;
  const named = typeOfExtension(file.name.split('.').pop() ?? '');
  return named !== undefined && isUploadType(named) ? named : null;
}

/**
 * What the file really is, by its first bytes: the upload type to send it as, or a refusal naming
 * the kinds this place takes when its content is not one of them (a text file named `.png`).
 */
export async function checkSignature(
  file: Blob & { name: string },
  kinds: readonly UploadKind[],
): Promise<{ type: UploadContentType } | { refused: Refusal }> {
  let detected: string | null;
  try {
    detected = signatureTypeOf(new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer()));
  } catch {
    return { refused: { why: 'unreadable', name: file.name, kinds } };
  }
  if (detected !== null && isUploadType(detected) && kinds.includes(UPLOAD_TYPES[detected].kind)) return { type: detected };
  return { refused: { why: 'disguised', name: file.name, kinds } };
}

/** Why this file cannot be used here, or null when it can. */
export function checkUpload(file: { name: string; type: string; size: number }, kinds: readonly UploadKind[]): Refusal | null {
  const type = contentTypeOf(file);
  if (!type || !kinds.includes(UPLOAD_TYPES[type].kind)) return { why: 'wrongKind', name: file.name, kinds };
  const max = UPLOAD_TYPES[type].maxBytes;
  if (file.size > max) return { why: 'tooLarge', name: file.name, size: file.size, max, kind: UPLOAD_TYPES[type].kind };
  if (file.size === 0) return { why: 'empty', name: file.name };
  return null;
}

function readAsBase64(file: Blob, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.onload = () => {
      const result = typeof reader.result === 'string' ? reader.result : '';
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}

/**
 * Reads a file's bytes (reporting progress) and hands them to core, which stores them on the
 * service and answers the immutable CDN URL a request may reference.
 */
export async function uploadFile(
  file: File,
  contentType: UploadContentType,
  onProgress: (phase: UploadPhase, fraction: number | null) => void,
): Promise<{ ok: true; value: Uploaded } | { ok: false; error: AppError }> {
  if (window.cast || getWebSocketBridge()) {
    // Electron: the preload hands main the file's path, so no bytes cross into the page's memory.
    // Browser host: the file streams to the host's upload route, never inside a WebSocket frame.
    onProgress('uploading', null);
    try {
      const reply = await uploadThroughShell(file, contentType);
      return reply.ok ? { ok: true, value: reply.value } : { ok: false, error: reply.error };
    } catch {
      return { ok: false, error: { code: 'file_unreadable', params: { name: file.name.slice(0, 200) } } };
    }
  }
  let dataBase64: string;
  try {
    onProgress('reading', 0);
    dataBase64 = await readAsBase64(file, (fraction) => onProgress('reading', fraction));
  } catch {
    return { ok: false, error: { code: 'file_unreadable', params: { name: file.name.slice(0, 200) } } };
  }
  onProgress('uploading', null);
  const reply = await invoke('uploads.create', {
    fileName: file.name.slice(0, COMMAND_LIMITS.uploadFileName) || 'upload',
    contentType,
    dataBase64,
  });
  return reply.ok ? { ok: true, value: reply.value } : { ok: false, error: reply.error };
}

/**
 * A library item dragged in without a service URL: its downloaded bytes are uploaded like a file.
 * (The library knows media by content id; the service wants one of its own HTTPS URLs.)
 */
export async function uploadLibraryMedia(
  mediaId: string,
  name: string,
  kinds: readonly UploadKind[],
  onProgress: (phase: UploadPhase, fraction: number | null) => void,
): Promise<{ ok: true; value: Uploaded } | { ok: false; error: AppError }> {
  const src = mediaUrl(useAppInfoStore.getState().info?.mediaBase, mediaId);
  if (!src) return { ok: false, error: { code: 'not_found', params: { what: 'library_file' } } };
  let blob: Blob;
  try {
    onProgress('reading', null);
    const response = await fetch(src);
    if (!response.ok) throw new Error(String(response.status));
    blob = await response.blob();
  } catch {
    return { ok: false, error: { code: 'file_not_downloaded', params: { name: name.slice(0, 200) } } };
  }
  const file = new File([blob], name, { type: blob.type });
  const problem = checkUpload(file, kinds);
  const type = contentTypeOf(file);
  if (problem || !type) return { ok: false, error: { code: 'file_not_usable', params: { name: name.slice(0, 200) } } };
  return uploadFile(file, type, onProgress);
}
