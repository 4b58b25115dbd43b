import { Emotion } from '../../../shared/api/audio.ts';
import { Quality } from '../../../shared/api/catalog.ts';
import { LIMITS } from '../../../shared/api/limits.ts';
import { SceneAspect, SceneLineInput, TalkOptions, type Scene } from '../../../shared/ipc/scenes.ts';
import type { SyncSceneLine, SyncSceneSettings } from '../../../shared/sync/sceneDocument.ts';

/** A scene as the library holds it, in the shared document's terms. */
export type SceneSnapshot = { settings: SyncSceneSettings; lines: SceneLineInput[] };

const TITLE_MAX = 200;

export function toSyncLine(line: SceneLineInput): SyncSceneLine {
  return { ...line, talk: line.talk ? { ...line.talk } : null };
}

/**
 * Another member's line as the library may hold it: a field that breaks the library's rules reads as
 * its default (too long a text is cut at the limit), and a line whose id is not one the app makes is
 * left out of the library (the document keeps it).
 */
export function toLibraryLine(line: SyncSceneLine): SceneLineInput | null {
  const parsed = SceneLineInput.safeParse({
    id: line.id,
    kind: line.kind,
    characterId: line.characterId?.slice(0, 200) ?? null,
    voiceId: line.voiceId?.slice(0, 200) ?? null,
    text: line.text.slice(0, LIMITS.audioText.max),
    emotion: Emotion.nullable().catch(null).parse(line.emotion),
    talk: TalkOptions.nullable().catch(null).parse(line.talk),
    clipItemId: line.clipItemId?.slice(0, 200) ?? null,
  });
  return parsed.success ? parsed.data : null;
}

/** Another member's scene settings as the library may hold them. */
export function toLibrarySettings(settings: SyncSceneSettings): { title: string; aspect: SceneAspect; quality: Scene['quality'] } {
  return {
    // An untitled scene stays untitled here too; each page words the default in its own language.
    title: settings.title.trim().slice(0, TITLE_MAX),
    aspect: SceneAspect.catch('16:9').parse(settings.aspect),
    quality: Quality.catch('pro').parse(settings.quality),
  };
}

/** The fields of `next` that differ from `before` (null when none do). */
export function changedFields(before: SceneLineInput, next: SceneLineInput): Partial<Omit<SyncSceneLine, 'id'>> | null {
  const out: Partial<Omit<SyncSceneLine, 'id'>> = {};
  if (before.kind !== next.kind) out.kind = next.kind;
  if (before.characterId !== next.characterId) out.characterId = next.characterId;
  if (before.voiceId !== next.voiceId) out.voiceId = next.voiceId;
  if (before.text !== next.text) out.text = next.text;
  if (before.emotion !== next.emotion) out.emotion = next.emotion;
  if (JSON.stringify(before.talk) !== JSON.stringify(next.talk)) out.talk = next.talk ? { ...next.talk } : null;
  if (before.clipItemId !== next.clipItemId) out.clipItemId = next.clipItemId;
  return Object.keys(out).length > 0 ? out : null;
}

/** Whether the lines both lists hold come in the same order in each. */
export function sameOrder(a: readonly { id: string }[], b: readonly { id: string }[]): boolean {
  const inB = new Set(b.map((line) => line.id));
  const inA = new Set(a.map((line) => line.id));
  const first = a.filter((line) => inB.has(line.id)).map((line) => line.id);
  const second = b.filter((line) => inA.has(line.id)).map((line) => line.id);
  return first.length === second.length && first.every((id, index) => id === second[index]);
}

/** One edit of a text: `removed` characters at `start` replaced by `inserted`. */
export type TextEdit = { start: number; removed: number; inserted: string };

/** The one edit that turns `before` into `after` (the middle between their common start and end). */
export function editBetween(before: string, after: string): TextEdit {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before.at(-1 - end) === after.at(-1 - end)) end += 1;
  return { start, removed: before.length - start - end, inserted: after.slice(start, after.length - end) };
}

/**
 * Where a local edit goes in a text another member edited meanwhile (both edits made on the same
 * text): at its own place when it is before theirs, shifted by theirs when after, null when the two
 * touch the same characters.
 */
export function placeEdit(local: TextEdit, remote: TextEdit): number | null {
  if (remote.removed === 0 && remote.inserted === '') return local.start;
  if (local.start + local.removed <= remote.start) return local.start;
  if (local.start >= remote.start + remote.removed) return local.start + remote.inserted.length - remote.removed;
  return null;
}
