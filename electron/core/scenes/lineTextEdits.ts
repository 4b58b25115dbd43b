import { LIMITS } from '../../../shared/api/limits.ts';
import type { LineTextEdit, SceneLine } from '../../../shared/ipc/scenes.ts';
import { applyChanges, changesOnto } from '../../../shared/scenes/textChanges.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { SceneParts } from './sceneServices.ts';
import { sceneLineView } from './sceneViews.ts';

/**
 * Types into a line (`scenes.editLineText`): into its shared text when the scene is in an open space,
 * else into the library, the changes moved over whatever changed the line since the editor's base
 * either way, so an editor behind the line never writes over it. Answers the line as it is now.
 */
export function editLineText(parts: SceneParts, edit: LineTextEdit, now: string): SceneLine {
  const record = parts.scenes.get(edit.sceneId);
  if (!record) throw new AppFailure('not_found', { what: 'scene' });
  if (parts.services.spaceLink.editLineText(edit) === null) {
    const current = parts.scenes.line(edit.sceneId, edit.lineId)?.text ?? null;
    if (current === null) throw lineGone();
    const text = applyChanges(current, changesOnto(current, edit.base, edit.changes));
    if (text.length > LIMITS.audioText.max)
      throw new AppFailure('invalid_input', { problem: 'too_long', limit: LIMITS.audioText.max }, { field: 'changes' });
    parts.scenes.setLineText(edit.sceneId, edit.lineId, text, now);
  }
  const line = parts.scenes.line(edit.sceneId, edit.lineId);
  if (!line) throw lineGone();
  return sceneLineView(parts, record, line);
}

function lineGone(): AppFailure {
  return new AppFailure('not_found', { what: 'scene_line' });
}
