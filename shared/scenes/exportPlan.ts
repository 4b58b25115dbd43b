import type { Scene } from '../ipc/scenes.ts';

/** One line's media as the export joins it, in scene order. */
export type ExportClip = {
  lineId: string;
  /** 1-based, as the editor numbers lines. */
  number: number;
  mediaId: string;
  mediaType: string;
};

export type SceneExportPlan = { ok: true; clips: ExportClip[] } | { ok: false; problem: string };

/**
 * The lines an export joins: every line, in order, each with a finished result for its current
 * content. A scene with a line still to render is not exported half: the sentence says which.
 */
export function planSceneExport(scene: Pick<Scene, 'lines'>): SceneExportPlan {
  if (scene.lines.length === 0) return { ok: false, problem: 'This scene has no lines yet. Write a line and render it, then export.' };
  const clips: ExportClip[] = [];
  for (const [index, line] of scene.lines.entries()) {
    const number = index + 1;
    if (line.state !== 'done' || line.mediaId === null || line.mediaType === null) {
      return {
        ok: false,
        problem: `Line ${number} is not rendered yet (${describeState(line.state)}). Render the scene, then export it.`,
      };
    }
    clips.push({ lineId: line.id, number, mediaId: line.mediaId, mediaType: line.mediaType });
  }
  return { ok: true, clips };
}

function describeState(state: Scene['lines'][number]['state']): string {
  switch (state) {
    case 'draft':
      return 'it has changed since its last render';
    case 'queued':
    case 'rendering':
      return 'it is rendering';
    case 'failed':
      return 'its render failed; retry it';
    case 'done':
      return 'its file is not in the library yet';
  }
}
