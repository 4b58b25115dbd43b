import type { CommandInput, CommandOutput, Reply } from '../../shared/ipc/index.ts';
import { getWebSocketBridge } from './getBridge.ts';
import { invoke } from './invoke.ts';

export type Uploaded = CommandOutput<'uploads.create'>;

/**
 * Uploads a file the user dropped or picked, the same way in both shells as far as the caller sees.
 *
 * In Electron the page never learns the file's path: it hands the File itself to the preload, which
 * swaps it for the path (`webUtils.getPathForFile`) before the call reaches main, and main checks
 * the real path, type and size again. A File that is not on disk (made in JS) goes as bytes through
 * `uploads.create`. In the browser host the file is streamed to the host's upload route, never
 * inside a WebSocket frame, and core checks type and size the same way.
 */
export async function uploadFile(file: File, contentType: string = file.type): Promise<Reply<Uploaded>> {
  const host = getWebSocketBridge();
  if (host) return host.upload(file, contentType);
  if (window.cast) {
    // The preload's documented exception: `uploads.fromPath` accepts `{ file }` from the page.
    const input = { file } as unknown as CommandInput<'uploads.fromPath'>;
    const reply = await invoke('uploads.fromPath', input);
    if (reply.ok || reply.error.code !== 'invalid_input') return reply;
  }
  const dataBase64 = await toBase64(file);
  // A file the browser could not read (moved, deleted, no permission) is said like any other refusal.
  if (dataBase64 === null) return { ok: false, error: { code: 'file_unreadable', params: { name: file.name || null } } };
  return invoke('uploads.create', { fileName: file.name || 'upload', contentType, dataBase64 });
}

/** The file's bytes in base64, or null when the browser could not read it. */
function toBase64(file: Blob): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onerror = () => resolve(null);
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}
