import type { Reply, SceneExportFormat, SceneExportNames, SceneExportResult } from '../../../../shared/ipc/index.ts';
import { planSceneExport } from '../../../../shared/scenes/exportPlan.ts';
import { invoke } from '../../../bridge/invoke.ts';
import { currentFormats } from '../../../i18n/currentLocale.ts';
import { mediaUrl, useAppInfoStore } from '../../../stores/appInfoStore.ts';
import { runJoinWorker } from './joinWorkerClient.ts';
import type { SceneExportProgress } from './joinWorkerProtocol.ts';

/**
 * Exporting a scene, as the export dialog calls it.
 *
 * Where the work runs: the clips are joined in the renderer, in a Web Worker, because only there
 * are codecs (WebCodecs) for the lines that need re-encoding (a narrator's audio-only line needs a
 * picture; clips of other sizes or codecs); core (Node) could only remux. One path for both cases
 * keeps it simple, and the worker keeps the window responsive. The MP4 goes to core as it is
 * written, in pieces of 512 KiB (`scenes.exportChunk`, the same in both shells, each well under a
 * bridge frame), never as one message; core then writes it, the subtitles, the timeline and the
 * line clips into the destination, stores the MP4 in the library and answers `scenes.export`.
 * Cancelling (the signal) stops the worker and tells core to remove everything it wrote.
 */

export type { SceneExportProgress };

export type ExportSceneOptions = {
  /** A folder; by default the folder library exports use. */
  destination?: string;
  formats: SceneExportFormat[];
  signal: AbortSignal;
  onProgress: (progress: SceneExportProgress) => void;
};

export type ExportResult = SceneExportResult;

export async function exportScene(sceneId: string, options: ExportSceneOptions): Promise<Reply<ExportResult>> {
  const exportId = crypto.randomUUID();
  const cancelled = (): Reply<ExportResult> => ({
    ok: true,
    value: { cancelled: true, folder: options.destination ?? '', files: [], remuxed: false, durationMs: 0, itemId: null },
  });
  if (options.signal.aborted) return cancelled();
  const got = await invoke('scenes.get', { id: sceneId });
  if (!got.ok) return got;
  const plan = planSceneExport(got.value);
  if (!plan.ok) return { ok: false, error: { code: 'scene_not_exportable', params: plan.problem } };

  const names = exportNames();
  const wantsMp4 = options.formats.includes('mp4');
  const base = await mediaBase();
  const joined = await runJoinWorker({
    exportId,
    clips: plan.clips.map((clip) => ({ lineId: clip.lineId, number: clip.number, url: absoluteMediaUrl(base, clip.mediaId) })),
    // The title card of an untitled scene says so in the language the export was made in.
    title: got.value.title || names.untitled,
    mode: wantsMp4 ? 'join' : 'measure',
    signal: options.signal,
    onProgress: options.onProgress,
    send: (position, dataBase64) => invoke('scenes.exportChunk', { exportId, position, dataBase64 }),
  });
  if (options.signal.aborted) return cancelAt(exportId, cancelled);
  if (!joined.ok) {
    if (wantsMp4) await invoke('scenes.cancelExport', { exportId });
    return joined;
  }

  options.onProgress({ stage: 'saving', progress: 0 });
  const onAbort = () => void invoke('scenes.cancelExport', { exportId });
  options.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const reply = await invoke('scenes.export', {
      id: sceneId,
      exportId,
      formats: options.formats,
      join: joined.value,
      names,
      ...(options.destination === undefined ? {} : { destination: options.destination }),
    });
    if (reply.ok && !reply.value.cancelled) options.onProgress({ stage: 'library', progress: 1 });
    return reply;
  } finally {
    options.signal.removeEventListener('abort', onAbort);
  }
}

/**
 * The words the export writes onto the disk and into the library, in the person's language: an
 * untitled scene's name (folder, files, timeline, gallery item), the line clips' folder, and the
 * name of a line's clip file when no character names the line.
 */
export function exportNames(): SceneExportNames {
  const formats = currentFormats();
  const clipName = (kind: 'speech' | 'talk' | 'clip') => formats.text('scenes.export.clipName', { kind });
  return {
    untitled: formats.text('scenes.untitled'),
    clipsFolder: formats.text('scenes.export.clipsFolder'),
    narrator: clipName('speech'),
    someone: clipName('talk'),
    clip: clipName('clip'),
  };
}

async function cancelAt(exportId: string, cancelled: () => Reply<ExportResult>): Promise<Reply<ExportResult>> {
  await invoke('scenes.cancelExport', { exportId });
  return cancelled();
}

/** The worker fetches the clips itself, so it needs whole addresses, not ones relative to the page. */
async function mediaBase(): Promise<string> {
  const store = useAppInfoStore.getState();
  if (!store.info) await store.load();
  return useAppInfoStore.getState().info?.mediaBase ?? '';
}

function absoluteMediaUrl(base: string, mediaId: string): string {
  return new URL(mediaUrl(base, mediaId) ?? '', document.baseURI).href;
}
