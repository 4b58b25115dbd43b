import type { AppErrorParams } from '../ipc/appErrors.ts';
import type { Scene } from '../ipc/scenes.ts';

/** One line's media as the export joins it, in scene order. */
export type ExportClip = {
  lineId: string;
  /** 1-based, as the editor numbers lines. */
  number: number;
  mediaId: string;
  mediaType: string;
};

export type SceneExportPlan = { ok: true; clips: ExportClip[] } | { ok: false; problem: AppErrorParams['scene_not_exportable'] };

/**
 * The lines an export joins: every line, in order, each with a finished result for its current
 * content. A scene with a line still to render is not exported half: the problem says which.
 */
export function planSceneExport(scene: Pick<Scene, 'lines'>): SceneExportPlan {
  if (scene.lines.length === 0) return { ok: false, problem: { line: null, state: 'empty' } };
  const clips: ExportClip[] = [];
  for (const [index, line] of scene.lines.entries()) {
    const number = index + 1;
    if (line.state !== 'done' || line.mediaId === null || line.mediaType === null) {
      return { ok: false, problem: { line: number, state: stateOf(line.state) } };
    }
    clips.push({ lineId: line.id, number, mediaId: line.mediaId, mediaType: line.mediaType });
  }
  return { ok: true, clips };
}

function stateOf(state: Scene['lines'][number]['state']): Exclude<AppErrorParams['scene_not_exportable']['state'], 'empty'> {
  switch (state) {
    case 'draft':
      return 'changed';
    case 'queued':
    case 'rendering':
      return 'rendering';
    case 'failed':
      return 'failed';
    case 'done':
      return 'not_downloaded';
  }
}
