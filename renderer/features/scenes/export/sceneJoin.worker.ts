/// <reference lib="webworker" />
import { SCENE_EXPORT_CHUNK_BYTES } from '../../../../shared/ipc/sceneExportChunks.ts';
import { joinClips, JoinError, measureClips } from './joinClips.ts';
import type { FromJoinWorker, ToJoinWorker } from './joinWorkerProtocol.ts';

/**
 * The scene join, off the page's thread: decoding, encoding and copying packets never stall the
 * window. Pieces of the MP4 go to the page as base64 (made here, also off the page's thread),
 * one at a time: the next is made only once core has taken the last, so memory stays flat.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const controller = new AbortController();
const waiting = new Map<number, (ok: boolean) => void>();
let nextId = 0;

const post = (message: FromJoinWorker) => scope.postMessage(message);

scope.onmessage = (event: MessageEvent<ToJoinWorker>) => {
  const message = event.data;
  if (message.type === 'start') void start(message);
  else if (message.type === 'written') {
    waiting.get(message.id)?.(message.ok);
    waiting.delete(message.id);
  } else controller.abort();
};

async function start(message: Extract<ToJoinWorker, { type: 'start' }>): Promise<void> {
  try {
    const join =
      message.mode === 'measure'
        ? await measureClips(message.clips, controller.signal)
        : await joinClips(message.clips, message.title, controller.signal, {
            progress: (stage, progress) => post({ type: 'progress', stage, progress }),
            write,
          });
    post({ type: 'done', join });
  } catch (error) {
    if (error instanceof JoinError) post({ type: 'failed', error: error.error });
    else if (controller.signal.aborted) post({ type: 'failed', error: { code: 'export_cancelled', params: {} } });
    else {
      console.error('The scene could not be joined.', error);
      post({ type: 'failed', error: { code: 'join_failed', params: { step: 'join' } } });
    }
  }
}

async function write(position: number, bytes: Uint8Array): Promise<void> {
  for (let start = 0; start < bytes.length; start += SCENE_EXPORT_CHUNK_BYTES) {
    const piece = bytes.subarray(start, start + SCENE_EXPORT_CHUNK_BYTES);
    const id = nextId++;
    const taken = new Promise<boolean>((resolve) => waiting.set(id, resolve));
    post({ type: 'write', id, position: position + start, dataBase64: base64Of(piece) });
    if (!(await taken))
      throw new JoinError({ code: 'join_failed', params: { step: 'save' } }, 'Cast Studio could not save the joined video.');
  }
}

function base64Of(bytes: Uint8Array): string {
  const url = new FileReaderSync().readAsDataURL(new Blob([bytes as Uint8Array<ArrayBuffer>]));
  return url.slice(url.indexOf(',') + 1);
}
