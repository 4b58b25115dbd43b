import { randomUUID } from 'node:crypto';
import type { Scene, SceneLineInput } from '../../../shared/ipc/index.ts';
import type { CoreDriver } from '../support/index.ts';

/** A scene's lines render one chain each, several at once; on a busy machine that takes a while. */
const RENDER_PATIENCE_MS = 300_000;

export type LineSpec = { speaker: string; text: string } | { narrator: string };

/** A preset voice of the service (the first one). */
export async function presetVoice(core: CoreDriver): Promise<string> {
  const voices = await core.call('voices.list', {});
  const id = voices.presets[0]?.id;
  if (!id) throw new Error('The service offers no preset voice.');
  return id;
}

/**
 * A scene made and rendered through core as the editor does it: the characters given a voice, the
 * lines written, every line rendered (speech → talk, or speech alone for a narrator) and its file
 * in the library. `characters` maps a speaker's name to its character id.
 */
export async function renderedScene(core: CoreDriver, title: string, characters: Map<string, string>, lines: LineSpec[]): Promise<Scene> {
  const voiceId = await presetVoice(core);
  for (const characterId of characters.values()) await core.call('cast.setVoice', { characterId, voiceId });
  const scene = await core.call('scenes.create', { title });
  const inputs: SceneLineInput[] = lines.map((line) => {
    const common = { id: randomUUID(), emotion: null, talk: null, clipItemId: null };
    if ('narrator' in line) return { ...common, kind: 'speech', characterId: null, voiceId, text: line.narrator };
    const characterId = characters.get(line.speaker);
    if (!characterId) throw new Error(`No character named ${line.speaker}.`);
    return { ...common, kind: 'talk', characterId, voiceId: null, text: line.text };
  });
  await core.call('scenes.update', { id: scene.id, lines: inputs });
  await core.call('scenes.render', { id: scene.id });
  let rendered = scene;
  try {
    await core.until(
      `every line of "${title}" to be rendered`,
      async () => {
        rendered = await core.call('scenes.get', { id: scene.id });
        const failed = rendered.lines.find((line) => line.state === 'failed');
        if (failed) throw new Error(`A line failed to render: ${JSON.stringify(failed.error)}`);
        return rendered.lines.every((line) => line.state === 'done' && line.mediaId !== null);
      },
      RENDER_PATIENCE_MS,
    );
  } catch (error) {
    const states = rendered.lines.map((line) => `${line.state}${line.mediaId ? ' with file' : ''}`).join(', ');
    throw new Error(`${(error as Error).message} Lines: ${states}.`, { cause: error });
  }
  return rendered;
}
