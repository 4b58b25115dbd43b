import { open, realpath } from 'node:fs/promises';
import { SIGNATURE_BYTES, signatureTypeOf } from '../../shared/api/fileSignature.ts';
import { UPLOAD_TYPES, type UploadContentType } from '../../shared/api/uploads.ts';
import type { AppErrorParams } from '../../shared/ipc/appErrors.ts';
import type { Reply } from '../../shared/ipc/bridge.ts';

/** What the first bytes of a file say it is, if a type the service accepts; the name's extension is never trusted alone. */
export function sniffContentType(head: Uint8Array): UploadContentType | null {
  const type = signatureTypeOf(head);
  return type !== null && Object.hasOwn(UPLOAD_TYPES, type) ? (type as UploadContentType) : null;
}

const refuse = (params: AppErrorParams['invalid_upload']): { reply: Reply<never> } => ({
  reply: { ok: false, error: { code: 'invalid_upload', params, field: 'path' } },
});

/**
 * Main's own check of a file dropped from the OS, before core reads it: the path the preload sent
 * is resolved to its real target (a symlink cannot smuggle in another file), which must be a
 * regular file whose bytes are a type the service accepts, within that type's size limit. Core
 * gets the real path. The file is checked through one open handle, so it cannot be swapped between
 * the check and the stat.
 */
export async function checkDroppedFile(input: unknown): Promise<{ reply: Reply<never> } | { input: { path: string } }> {
  const path = typeof input === 'object' && input !== null ? (input as { path?: unknown }).path : undefined;
  if (typeof path !== 'string' || path === '') return refuse({ why: 'not_a_path' });
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    return refuse({ why: 'gone' });
  }
  let handle;
  try {
    handle = await open(real, 'r');
  } catch {
    return refuse({ why: 'unreadable' });
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return refuse({ why: 'not_a_file' });
    const head = new Uint8Array(SIGNATURE_BYTES);
    await handle.read(head, 0, head.length, 0);
    const type = sniffContentType(head);
    if (!type) return refuse({ why: 'type' });
    const limit = UPLOAD_TYPES[type].maxBytes;
    if (info.size > limit) return refuse({ why: 'too_large', size: info.size, limit });
    return { input: { path: real } };
  } finally {
    await handle.close();
  }
}
