import * as Y from 'yjs';

/**
 * One scene as a shared Yjs document (`space/<spaceId>/scene/<sceneId>`). Only what the creators
 * write is shared; where a line's render stands (jobs, media) belongs to each machine's library.
 *
 * - map `scene`: `title`, `aspect`, `quality` (strings);
 * - map `lines`: line id → map of `position` (number; lines read in ascending order, ties by id),
 *   `kind`, `characterId` (the speaker), `voiceId`, `text` (a Y.Text, so two people can type in
 *   one line), `emotion`, `talk` (talk options as a plain object), `clipItemId`.
 *
 * Lines are a map ordered by `position` rather than a Y.Array: Yjs has no move, and moving by
 * delete-and-insert would duplicate a line two people move at once and drop what was typed into it
 * meanwhile. A position between its neighbours moves a line without touching its text.
 *
 * What another member wrote is read defensively: a field of the wrong type reads as its default.
 */
export const SCENE_DOCUMENT = {
  scene: 'scene',
  lines: 'lines',
  sceneFields: { title: 'title', aspect: 'aspect', quality: 'quality' },
  lineFields: {
    position: 'position',
    kind: 'kind',
    characterId: 'characterId',
    voiceId: 'voiceId',
    text: 'text',
    emotion: 'emotion',
    talk: 'talk',
    clipItemId: 'clipItemId',
  },
} as const;

export type SyncLineKind = 'talk' | 'speech' | 'clip';
export interface SyncTalkOptions {
  duration?: number;
  expression?: string;
  quality?: string;
}

export interface SyncSceneLine {
  id: string;
  kind: SyncLineKind;
  characterId: string | null;
  voiceId: string | null;
  text: string;
  emotion: string | null;
  talk: SyncTalkOptions | null;
  clipItemId: string | null;
}

export interface SyncSceneSettings {
  title: string;
  aspect: string;
  quality: string;
}

export interface SyncScene extends SyncSceneSettings {
  lines: SyncSceneLine[];
}

const F = SCENE_DOCUMENT.lineFields;
const LINE_KINDS: readonly SyncLineKind[] = ['talk', 'speech', 'clip'];
/** Closer than this, two neighbours' positions are renumbered before a line goes between them. */
const MIN_GAP = 1e-9;

const sceneMap = (doc: Y.Doc) => doc.getMap<unknown>(SCENE_DOCUMENT.scene);
const linesMap = (doc: Y.Doc) => doc.getMap<Y.Map<unknown>>(SCENE_DOCUMENT.lines);

const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
const positionOf = (line: Y.Map<unknown>) => {
  const value = line.get(F.position);
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
};

function talkOf(value: unknown): SyncTalkOptions | null {
  if (typeof value !== 'object' || value === null) return null;
  const { duration, expression, quality } = value as Record<string, unknown>;
  return {
    ...(typeof duration === 'number' ? { duration } : {}),
    ...(typeof expression === 'string' ? { expression } : {}),
    ...(typeof quality === 'string' ? { quality } : {}),
  };
}

function lineOf(id: string, line: Y.Map<unknown>): SyncSceneLine {
  const kind = line.get(F.kind);
  const body = line.get(F.text);
  return {
    id,
    kind: LINE_KINDS.find((known) => known === kind) ?? 'talk',
    characterId: textOrNull(line.get(F.characterId)),
    voiceId: textOrNull(line.get(F.voiceId)),
    text: body instanceof Y.Text ? body.toJSON() : '',
    emotion: textOrNull(line.get(F.emotion)),
    talk: talkOf(line.get(F.talk)),
    clipItemId: textOrNull(line.get(F.clipItemId)),
  };
}

/** The line maps in reading order: by position, then by id. */
function orderedLines(doc: Y.Doc): Array<[string, Y.Map<unknown>]> {
  return [...linesMap(doc).entries()]
    .filter((entry): entry is [string, Y.Map<unknown>] => entry[1] instanceof Y.Map)
    .sort(([idA, a], [idB, b]) => positionOf(a) - positionOf(b) || (idA < idB ? -1 : idA > idB ? 1 : 0));
}

export function readScene(doc: Y.Doc): SyncScene {
  const scene = sceneMap(doc);
  const S = SCENE_DOCUMENT.sceneFields;
  return {
    title: text(scene.get(S.title)),
    aspect: text(scene.get(S.aspect)),
    quality: text(scene.get(S.quality)),
    lines: orderedLines(doc).map(([id, line]) => lineOf(id, line)),
  };
}

export function writeSceneSettings(doc: Y.Doc, settings: Partial<SyncSceneSettings>): void {
  doc.transact(() => {
    for (const [field, value] of Object.entries(settings)) if (value !== undefined) sceneMap(doc).set(field, value);
  });
}

/** The position for a line going to `index` among `others` (in reading order), renumbering them when they are too close. */
function positionAt(others: Array<[string, Y.Map<unknown>]>, index: number): number {
  const at = Math.max(0, Math.min(index, others.length));
  const before = others[at - 1];
  const after = others[at];
  if (!before) return after ? positionOf(after[1]) - 1 : 0;
  if (!after) return positionOf(before[1]) + 1;
  if (positionOf(after[1]) - positionOf(before[1]) > MIN_GAP) return (positionOf(before[1]) + positionOf(after[1])) / 2;
  others.forEach(([, line], order) => line.set(F.position, order));
  return at - 0.5;
}

function setFields(line: Y.Map<unknown>, fields: Partial<Omit<SyncSceneLine, 'id'>>): void {
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (field === F.text) replaceText(ensureText(line), typeof value === 'string' ? value : '');
    else line.set(field, value);
  }
}

function ensureText(line: Y.Map<unknown>): Y.Text {
  const body = line.get(F.text);
  if (body instanceof Y.Text) return body;
  const fresh = new Y.Text();
  line.set(F.text, fresh);
  return fresh;
}

/**
 * Turns `body` into `next` by changing only the middle that differs, so what someone else typed
 * before or after it at the same time is kept.
 */
function replaceText(body: Y.Text, next: string): void {
  const current = body.toJSON();
  let start = 0;
  while (start < current.length && start < next.length && current[start] === next[start]) start += 1;
  let end = 0;
  while (end < current.length - start && end < next.length - start && current.at(-1 - end) === next.at(-1 - end)) end += 1;
  const removed = current.length - start - end;
  if (removed > 0) body.delete(start, removed);
  const inserted = next.slice(start, next.length - end);
  if (inserted) body.insert(start, inserted);
}

/** Adds `line` at `index` in reading order (past the end: last). */
export function insertLine(doc: Y.Doc, index: number, line: SyncSceneLine): void {
  doc.transact(() => {
    const map = new Y.Map<unknown>();
    linesMap(doc).set(line.id, map);
    const { id: _id, ...fields } = line;
    map.set(
      F.position,
      positionAt(
        orderedLines(doc).filter(([id]) => id !== line.id),
        index,
      ),
    );
    setFields(map, fields);
  });
}

/** Changes the given fields of a line; `text` changes only the part that differs. False when the line is gone. */
export function updateLine(doc: Y.Doc, lineId: string, fields: Partial<Omit<SyncSceneLine, 'id'>>): boolean {
  const line = linesMap(doc).get(lineId);
  if (!(line instanceof Y.Map)) return false;
  doc.transact(() => setFields(line, fields));
  return true;
}

/** Moves a line to `index` in reading order, keeping its text and everything typed into it. */
export function moveLine(doc: Y.Doc, lineId: string, index: number): boolean {
  const line = linesMap(doc).get(lineId);
  if (!(line instanceof Y.Map)) return false;
  doc.transact(() =>
    line.set(
      F.position,
      positionAt(
        orderedLines(doc).filter(([id]) => id !== lineId),
        index,
      ),
    ),
  );
  return true;
}

export function removeLine(doc: Y.Doc, lineId: string): void {
  linesMap(doc).delete(lineId);
}

/** The line's text as a Y.Text, for an editor that binds to it; null when the line is gone. */
export function lineText(doc: Y.Doc, lineId: string): Y.Text | null {
  const line = linesMap(doc).get(lineId);
  if (!(line instanceof Y.Map)) return null;
  const body = line.get(F.text);
  return body instanceof Y.Text ? body : doc.transact(() => ensureText(line));
}
