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

export type UploadKind = 'image' | 'audio' | 'video';
export type UploadPhase = 'reading' | 'uploading';
export type Uploaded = { url: string; contentType: string; size: number };

const KIND_FORMATS: Record<UploadKind, string> = {
  image: 'PNG, JPEG or WebP',
  audio: 'WAV, MP3 or OGG',
  video: 'MP4 or WebM',
};

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
  const wanted = kinds.map((kind) => KIND_FORMATS[kind]).join('; ');
  let detected: string | null;
  try {
    detected = signatureTypeOf(new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer()));
  } catch {
    return { refused: `${file.name} could not be read. Use ${wanted}.` };
  }
  if (detected !== null && isUploadType(detected) && kinds.includes(UPLOAD_TYPES[detected].kind)) return { type: detected };
  return { refused: `${file.name} is not what its name says: its content is not ${wanted}, which is what this place takes.` };
}

/** A sentence saying why this file cannot be used here, or null when it can. */
export function checkUpload(file: { name: string; type: string; size: number }, kinds: readonly UploadKind[]): string | null {
  const type = contentTypeOf(file);
  const wanted = kinds.map((kind) => KIND_FORMATS[kind]).join('; ');
  if (!type || !kinds.includes(UPLOAD_TYPES[type].kind)) {
    return `${file.name} is not a file that can be used here. Use ${wanted}.`;
  }
  const max = UPLOAD_TYPES[type].maxBytes;
  if (file.size > max)
    return `${file.name} is ${formatBytes(file.size)}; the limit for ${UPLOAD_TYPES[type].kind} files is ${formatBytes(max)}.`;
  if (file.size === 0) return `${file.name} is empty.`;
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
