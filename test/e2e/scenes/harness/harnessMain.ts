// A page of the browser host that runs the renderer's scene export as the export dialog does, so a
// test or the benchmark can drive it without the dialog: the real bridge, worker, codecs and core.
import type { SceneExportFormat } from '../../../../shared/ipc/index.ts';
import { exportScene, type SceneExportProgress } from '../../../../renderer/features/scenes/export/exportScene.ts';

export type HarnessRun = {
  sceneId: string;
  formats: SceneExportFormat[];
  destination?: string;
  /** Cancels once the join has gone this far (0..1), as a person pressing Cancel midway. */
  cancelAt?: number;
};

async function run(request: HarnessRun) {
  const controller = new AbortController();
  const progress: SceneExportProgress[] = [];
  const started = performance.now();
  const reply = await exportScene(request.sceneId, {
    formats: request.formats,
    signal: controller.signal,
    ...(request.destination === undefined ? {} : { destination: request.destination }),
    onProgress: (each) => {
      progress.push(each);
      if (request.cancelAt !== undefined && each.stage !== 'saving' && each.progress >= request.cancelAt) controller.abort();
    },
  });
  return { reply, progress, seconds: (performance.now() - started) / 1000 };
}

/** Plays a file to its end (fast and muted) and answers its duration in seconds. */
async function playToEnd(url: string): Promise<{ duration: number; ended: boolean }> {
  const video = document.createElement('video');
  video.muted = true;
  video.src = url;
  document.body.append(video);
  await new Promise<void>((resolve, reject) => {
    video.onloadedmetadata = () => resolve();
    video.onerror = () => reject(new Error(`The video could not be loaded: ${video.error?.message ?? 'unknown'}`));
  });
  video.playbackRate = 16;
  const ended = new Promise<boolean>((resolve) => {
    video.onended = () => resolve(true);
    video.onerror = () => resolve(false);
  });
  await video.play();
  const result = { duration: video.duration, ended: await ended };
  video.remove();
  return result;
}

Object.assign(window, { sceneExportHarness: { run, playToEnd } });
document.documentElement.dataset.harnessReady = 'true';
