import type { Reply, SceneJoin } from '../../../../shared/ipc/index.ts';
import type { JoinClip } from './joinClips.ts';
import type { FromJoinWorker, SceneExportProgress, ToJoinWorker } from './joinWorkerProtocol.ts';

export type JoinWorkerRequest = {
  exportId: string;
  clips: JoinClip[];
  title: string;
  /** `measure` only reads the clips' durations and picture (an export without the MP4). */
  mode: 'join' | 'measure';
  signal: AbortSignal;
  onProgress: (progress: SceneExportProgress) => void;
  /** Hands one piece of the MP4 to core. */
  send: (position: number, dataBase64: string) => Promise<Reply<{ ok: true }>>;
};

/** Runs the join in a worker of its own, ended as soon as it answers or the signal aborts. */
export function runJoinWorker(request: JoinWorkerRequest): Promise<Reply<SceneJoin>> {
  const worker = new Worker(new URL('./sceneJoin.worker.ts', import.meta.url), { type: 'module', name: 'scene-join' });
  const tell = (message: ToJoinWorker) => worker.postMessage(message);
  return new Promise<Reply<SceneJoin>>((resolve) => {
    let failure: Reply<SceneJoin> | null = null;
    const finish = (reply: Reply<SceneJoin>) => {
      request.signal.removeEventListener('abort', onAbort);
      worker.terminate();
      resolve(reply);
    };
    const onAbort = () => finish({ ok: false, error: { code: 'export_cancelled', params: {} } });
    request.signal.addEventListener('abort', onAbort, { once: true });
    worker.onerror = () =>
      finish({
        ok: false,
        error: { code: 'join_failed', params: { step: 'start' } },
      });
    worker.onmessage = (event: MessageEvent<FromJoinWorker>) => {
      const message = event.data;
      if (message.type === 'progress') request.onProgress({ stage: message.stage, progress: message.progress });
      else if (message.type === 'write') {
        void request.send(message.position, message.dataBase64).then((reply) => {
          if (!reply.ok) failure ??= reply;
          tell({ type: 'written', id: message.id, ok: reply.ok });
        });
      } else if (message.type === 'done') finish({ ok: true, value: message.join });
      else finish(failure ?? { ok: false, error: message.error });
    };
    tell({ type: 'start', clips: request.clips, title: request.title, mode: request.mode });
  });
}
