import type * as Y from 'yjs';
import {
  insertLine,
  lineText,
  moveLine,
  readScene,
  removeLine,
  updateLine,
  writeSceneSettings,
  type SyncSceneSettings,
} from '../../../shared/sync/sceneDocument.ts';
import { LIMITS } from '../../../shared/api/limits.ts';
import type { LineTextEdit } from '../../../shared/ipc/scenes.ts';
import { applyChanges, changesOnto } from '../../../shared/scenes/textChanges.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { SceneStore } from '../scenes/sceneStore.ts';
import type { LocalChanges } from './localChanges.ts';
import {
  changedFields,
  editBetween,
  placeEdit,
  sameOrder,
  toLibraryLine,
  toLibrarySettings,
  toSyncLine,
  type SceneSnapshot,
} from './sceneLines.ts';
import { LOCAL_ORIGIN } from './documentOrigins.ts';

type SceneMirrorDeps = { scenes: SceneStore; changes: LocalChanges; now: () => string };

/**
 * Keeps scenes in the library and their shared documents alike. A local edit goes into the document
 * as what changed since the scene was last alike (its shadow), so another member's edit that reached
 * the document but not the library yet is never undone; a document's change is written into the
 * library whole and quietly (never reported back as a local change).
 */
export class SceneMirror {
  private readonly deps: SceneMirrorDeps;
  /** Each scene as it was when the library and its document last agreed. */
  private readonly shadows = new Map<string, SceneSnapshot>();

  constructor(deps: SceneMirrorDeps) {
    this.deps = deps;
  }

  /** The scene as the library holds it now, or null when it is not there. */
  snapshot(sceneId: string): SceneSnapshot | null {
    const record = this.deps.scenes.get(sceneId);
    if (!record) return null;
    const { title, aspect, quality } = record;
    return { settings: { title, aspect, quality }, lines: this.deps.scenes.lines(sceneId) };
  }

  /** Writes what changed in the library's scene since the shadow into its document. */
  exportScene(sceneId: string, doc: Y.Doc): void {
    const now = this.snapshot(sceneId);
    if (!now) return;
    // Without a shadow (the first local change since the space opened), the document is what the
    // library last agreed with.
    const before = this.shadows.get(sceneId) ?? documentSnapshot(doc);
    doc.transact(() => {
      writeSettings(doc, before?.settings ?? null, now.settings);
      writeLines(doc, before?.lines ?? [], now.lines);
    }, LOCAL_ORIGIN);
    this.shadows.set(sceneId, now);
  }

  /**
   * Writes the document's scene into the library (made when new, `createdAt` from the space's list).
   * False when nothing changed or the document is still empty (its content has not arrived).
   */
  importScene(sceneId: string, doc: Y.Doc, createdAt: string | null): boolean {
    const shared = documentSnapshot(doc);
    if (!shared) return false;
    const { settings, lines } = shared;
    const before = this.snapshot(sceneId);
    const changed = !before || JSON.stringify(before) !== JSON.stringify({ settings, lines });
    if (changed) this.deps.changes.quietly(() => this.write(sceneId, before !== null, settings, lines, createdAt));
    this.shadows.set(sceneId, this.snapshot(sceneId) ?? { settings, lines });
    return changed;
  }

  /**
   * Types into a line's shared text: the editor's changes (made on the text it last had) moved over
   * what others typed since, so both are kept; the library takes the text that makes, quietly (it is
   * in the document already). Null when the document has no such line (removed elsewhere).
   */
  editLineText(doc: Y.Doc, edit: LineTextEdit): string | null {
    const body = lineText(doc, edit.lineId);
    if (!body) return null;
    const current = body.toJSON();
    const changes = changesOnto(current, edit.base, edit.changes);
    if (applyChanges(current, changes).length > LIMITS.audioText.max)
      throw new AppFailure('invalid_input', { problem: 'too_long', limit: LIMITS.audioText.max }, { field: 'changes' });
    doc.transact(() => {
      // Last first, so each change's place is still where the one before left it.
      for (const change of [...changes].reverse()) {
        if (change.remove > 0) body.delete(change.at, change.remove);
        if (change.insert) body.insert(change.at, change.insert);
      }
    }, LOCAL_ORIGIN);
    const text = body.toJSON();
    this.deps.changes.quietly(() => this.deps.scenes.setLineText(edit.sceneId, edit.lineId, text, this.deps.now()));
    const shadow = this.shadows.get(edit.sceneId);
    if (shadow) shadow.lines = shadow.lines.map((line) => (line.id === edit.lineId ? { ...line, text } : line));
    return text;
  }

  removeScene(sceneId: string): boolean {
    this.shadows.delete(sceneId);
    return this.deps.changes.quietly(() => this.deps.scenes.delete(sceneId));
  }

  forget(sceneId: string): void {
    this.shadows.delete(sceneId);
  }

  private write(
    sceneId: string,
    exists: boolean,
    settings: ReturnType<typeof toLibrarySettings>,
    lines: SceneSnapshot['lines'],
    createdAt: string | null,
  ): void {
    const { scenes, now } = this.deps;
    const at = now();
    if (exists) scenes.update(sceneId, settings, at);
    else scenes.insert({ id: sceneId, ...settings, collectionId: null, createdAt: createdAt ?? at, updatedAt: at });
    scenes.replaceLines(sceneId, lines);
  }
}

/** The document's scene as the library would hold it, or null while the document is empty. */
function documentSnapshot(doc: Y.Doc): (SceneSnapshot & { settings: ReturnType<typeof toLibrarySettings> }) | null {
  const shared = readScene(doc);
  if (!shared.title && shared.lines.length === 0) return null;
  return { settings: toLibrarySettings(shared), lines: shared.lines.map(toLibraryLine).filter((line) => line !== null) };
}

function writeSettings(doc: Y.Doc, before: SyncSceneSettings | null, now: SyncSceneSettings): void {
  const changed: Partial<SyncSceneSettings> = {};
  if (before?.title !== now.title) changed.title = now.title;
  if (before?.aspect !== now.aspect) changed.aspect = now.aspect;
  if (before?.quality !== now.quality) changed.quality = now.quality;
  if (Object.keys(changed).length > 0) writeSceneSettings(doc, changed);
}

/** Removes, adds and changes the lines that changed between `before` and `now`; moves lines only when the order changed. */
function writeLines(doc: Y.Doc, before: SceneSnapshot['lines'], now: SceneSnapshot['lines']): void {
  const old = new Map(before.map((line) => [line.id, line]));
  const kept = new Set(now.map((line) => line.id));
  for (const line of before) if (!kept.has(line.id)) removeLine(doc, line.id);
  const inDoc = new Set(readScene(doc).lines.map((shared) => shared.id));
  now.forEach((line, index) => {
    const was = old.get(line.id);
    const changed = was ? changedFields(was, line) : null;
    // A line removed by another member meanwhile comes back only when it was edited here.
    if (!was || (changed && !inDoc.has(line.id))) insertLine(doc, placeAfter(doc, now[index - 1]?.id ?? null), toSyncLine(line));
    else if (changed) {
      const { text, ...fields } = changed;
      if (Object.keys(fields).length > 0) updateLine(doc, line.id, fields);
      if (text !== undefined && was) writeText(doc, line.id, was.text, text);
    }
  });
  if (!sameOrder(before, now)) reorder(doc, now);
}

/**
 * Applies the local edit of a line's text (from `was`, the text the library and the document last
 * agreed on) to the document's text, which may hold another member's edit not read here yet: both
 * are kept unless they touch the same characters, where this machine's text wins.
 */
function writeText(doc: Y.Doc, lineId: string, was: string, next: string): void {
  const body = lineText(doc, lineId);
  if (!body) return;
  const local = editBetween(was, next);
  const at = placeEdit(local, editBetween(was, body.toJSON()));
  if (at === null) {
    updateLine(doc, lineId, { text: next });
    return;
  }
  if (local.removed > 0) body.delete(at, local.removed);
  if (local.inserted) body.insert(at, local.inserted);
}

/** The index just after the line `previousId` in the document's order (0 without one). */
function placeAfter(doc: Y.Doc, previousId: string | null): number {
  if (previousId === null) return 0;
  return readScene(doc).lines.findIndex((line) => line.id === previousId) + 1;
}

/** Puts the document's lines in the order of `lines` (those it holds), moving only the ones out of place. */
function reorder(doc: Y.Doc, lines: SceneSnapshot['lines']): void {
  const present = new Set(readScene(doc).lines.map((line) => line.id));
  const ids = lines.map((line) => line.id).filter((id) => present.has(id));
  ids.forEach((id, index) => {
    const order = readScene(doc).lines.map((line) => line.id);
    if (order[index] !== id) moveLine(doc, id, index);
  });
}
