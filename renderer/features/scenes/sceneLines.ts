import type { Emotion } from '../../../shared/api/index.ts';
import type { SceneLine, SceneLineInput, TalkOptions } from '../../../shared/ipc/index.ts';
import { UNRENDERED_LINE_FIELDS } from '../../../shared/ipc/sceneState.ts';

/** The fields a creator writes; the rest of a line is where its render stands, which core keeps. */
export type LineEdit = Partial<Pick<SceneLineInput, 'kind' | 'characterId' | 'voiceId' | 'text' | 'emotion' | 'talk' | 'clipItemId'>>;

/** Who can speak a line: a character of the cast, or the narrator (a voice, no picture). */
export type Speaker = { kind: 'character'; characterId: string } | { kind: 'narrator'; voiceId: string | null };

/** A new, never rendered line (the id is made here, as the contract asks). */
export function newLine(fields: LineEdit = {}): SceneLine {
  return {
    id: crypto.randomUUID(),
    kind: 'talk',
    characterId: null,
    voiceId: null,
    text: '',
    emotion: null,
    talk: null,
    clipItemId: null,
    ...UNRENDERED_LINE_FIELDS,
    ...fields,
  };
}

/** What core stores of a line: the creator's fields only. */
export function lineInput(line: SceneLine): SceneLineInput {
  const { id, kind, characterId, voiceId, text, emotion, talk, clipItemId } = line;
  return { id, kind, characterId, voiceId, text, emotion, talk, clipItemId };
}

/** Whether an edit changes what the line renders to (so a done line has to be rendered again). */
export function changesContent(line: SceneLine, edit: LineEdit): boolean {
  return (Object.keys(edit) as (keyof LineEdit)[]).some((field) => JSON.stringify(line[field]) !== JSON.stringify(edit[field]));
}

/** Whether two copies of a line hold the same values, field by field (core's answer to a save is a new copy of each line). */
export function sameLine(a: SceneLine, b: SceneLine): boolean {
  const fields = Object.keys(a) as (keyof SceneLine)[];
  return fields.length === Object.keys(b).length && fields.every((field) => JSON.stringify(a[field]) === JSON.stringify(b[field]));
}

/** The line with the edit applied; a line whose content changes is a draft again until core says otherwise. */
export function editLine(line: SceneLine, edit: LineEdit): SceneLine {
  if (!changesContent(line, edit)) return line;
  const rendered = line.state === 'done' || line.state === 'failed';
  return { ...line, ...edit, ...(rendered ? { state: 'draft' as const, error: null } : {}) };
}

export function speakerOf(line: SceneLine): Speaker | null {
  if (line.kind === 'speech') return { kind: 'narrator', voiceId: line.voiceId };
  if (line.kind === 'talk' && line.characterId) return { kind: 'character', characterId: line.characterId };
  return null;
}

function sameSpeaker(a: Speaker, b: Speaker): boolean {
  return a.kind === b.kind && (a.kind === 'character' ? a.characterId === (b as typeof a).characterId : true);
}

/**
 * Who speaks the line after `index`: a dialogue alternates, so it is the speaker before the last
 * one (the one the last line answered); with a single speaker so far, that speaker again.
 */
export function nextSpeaker(lines: readonly SceneLine[], index: number): Speaker | null {
  const line = lines[index];
  const last = line ? speakerOf(line) : null;
  if (!last) return null;
  for (let at = index - 1; at >= 0; at--) {
    const before = lines[at];
    const earlier = before ? speakerOf(before) : null;
    if (earlier && !sameSpeaker(earlier, last)) return earlier;
  }
  return last;
}

/** The fields that make a line spoken by `speaker`. */
export function speakerFields(speaker: Speaker): LineEdit {
  return speaker.kind === 'character'
    ? { kind: 'talk', characterId: speaker.characterId, voiceId: null, clipItemId: null }
    : { kind: 'speech', characterId: null, voiceId: speaker.voiceId, talk: null, clipItemId: null };
}

/** The next (or previous) speaker among `speakers`, from the line's own: Alt+↓ / Alt+↑ in the editor. */
export function cycleSpeaker(line: SceneLine, speakers: readonly Speaker[], step: 1 | -1): Speaker | null {
  if (speakers.length === 0) return null;
  const current = speakerOf(line);
  const at = current ? speakers.findIndex((each) => sameSpeaker(each, current)) : -1;
  return speakers[(at + step + speakers.length) % speakers.length] ?? null;
}

/** The lines with one line moved `by` places (clamped to the list). */
export function moveLine(lines: readonly SceneLine[], id: string, by: number): SceneLine[] {
  const from = lines.findIndex((line) => line.id === id);
  if (from < 0) return [...lines];
  return moveTo(lines, from, Math.max(0, Math.min(lines.length - 1, from + by)));
}

/** The lines with the one at `from` put at `to` (drag and drop). */
export function moveTo(lines: readonly SceneLine[], from: number, to: number): SceneLine[] {
  const next = [...lines];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** A copy of the line right after it: same content, so it reuses the original's render. */
export function duplicateLine(lines: readonly SceneLine[], id: string): { lines: SceneLine[]; copy: SceneLine | null } {
  const at = lines.findIndex((line) => line.id === id);
  const original = lines[at];
  if (!original) return { lines: [...lines], copy: null };
  const copy = { ...original, id: crypto.randomUUID() };
  return { lines: [...lines.slice(0, at + 1), copy, ...lines.slice(at + 1)], copy };
}

export type { Emotion, TalkOptions };
