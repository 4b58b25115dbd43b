import type { UploadContentType } from '../../shared/api/index.ts';
import { isUploadType, UPLOAD_TYPES } from '../../shared/api/uploadTypes.ts';
import { SIGNATURE_BYTES, signatureTypeOf } from '../../shared/api/fileSignature.ts';
import { plainType, typeOfExtension } from '../../shared/api/mediaTypes.ts';
import type { AppError } from '../../shared/ipc/index.ts';
import { COMMAND_LIMITS } from '../../shared/api/limits.ts';
import { mediaUrl, useAppInfoStore } from './appInfoStore.ts';
import { getWebSocketBridge, uploadFile as uploadThroughShell } from '../bridge/index.ts';
import { invoke } from '../bridge/invoke.ts';
import { formatBytes } from '../ui/format.ts';
import type { MessageId } from '../i18n/catalogs.ts';
import { currentFormats } from '../i18n/currentLocale.ts';

export type UploadKind = 'image' | 'audio' | 'video';
export type UploadPhase = 'reading' | 'uploading';
export type Uploaded = { url: string; contentType: string; size: number };

/** The formats each kind takes, said in the studio's language ("PNG, JPEG or WebP"). */
function wantedFormats(kinds: readonly UploadKind[]): string {
  return kinds.map((kind) => currentFormats().text(KIND_FORMATS[kind])).join('; ');
}

const KIND_FORMATS = {
  image: 'uploads.formats.image',
  audio: 'uploads.formats.audio',
  video: 'uploads.formats.video',
} as const satisfies Record<UploadKind, MessageId>;

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
 * What the file really is, by its first bytes: the upload type to send it as, or a sentence naming
 * the kinds this place takes when its content is not one of them (a text file named `.png`).
 */
export async function checkSignature(
  file: Blob & { name: string },
  kinds: readonly UploadKind[],
): Promise<{ type: UploadContentType } | { refused: string }> {
  const wanted = wantedFormats(kinds);
  const say = currentFormats();
  let detected: string | null;
  try {
    detected = signatureTypeOf(new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer()));
  } catch {
    return { refused: say.text('uploads.unreadable', { name: file.name, wanted }) };
  }
  if (detected !== null && isUploadType(detected) && kinds.includes(UPLOAD_TYPES[detected].kind)) return { type: detected };
  return { refused: say.text('uploads.disguised', { name: file.name, wanted }) };
}

/** A sentence saying why this file cannot be used here, or null when it can. */
export function checkUpload(file: { name: string; type: string; size: number }, kinds: readonly UploadKind[]): string | null {
  const type = contentTypeOf(file);
  const say = currentFormats();
  if (!type || !kinds.includes(UPLOAD_TYPES[type].kind)) {
    return say.text('uploads.wrongKind', { name: file.name, wanted: wantedFormats(kinds) });
  }
  const max = UPLOAD_TYPES[type].maxBytes;
  if (file.size > max)
    return say.text('uploads.tooLarge', {
      name: file.name,
      size: formatBytes(file.size),
      kind: UPLOAD_TYPES[type].kind,
      max: formatBytes(max),
    });
  if (file.size === 0) return say.text('uploads.empty', { name: file.name });
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
