import { create, type StoreApi } from 'zustand';
import type { AppError, Scene, SceneAspect, SceneLine, ScenePrice, SceneSummary } from '../../../shared/ipc/index.ts';
import type { ScenePresenceMember } from '../../../shared/ipc/scenes.ts';
import { APP_NAME_LIMITS } from '../../../shared/api/limits.ts';
import { mergeLineList } from '../../../shared/scenes/lineListMerge.ts';
import { invoke } from '../../bridge/invoke.ts';
import { currentFormats } from '../../i18n/currentLocale.ts';
import { useJobsStore } from '../../stores/jobsStore.ts';
import { selectLine, stateOfLines } from './sceneSelectors.ts';
import { LineTexts } from './lineTexts.ts';
import { duplicateLine, editLine, lineInput, moveLine, moveTo, newLine, sameLine, type LineEdit } from './sceneLines.ts';

/** Where the open scene's edits stand: kept in the library, on their way there, or refused. */
export type SaveState = 'saved' | 'pending' | 'saving' | 'error';

/** Edits are written this long after the last keystroke: one save per pause, never one per key. */
export const SAVE_DEBOUNCE_MS = 500;
/** Words typed into a line the scene has go this soon (as changes, so others typing in it see them live). */
export const TEXT_SEND_MS = 100;

export type ScenesState = {
  summaries: SceneSummary[];
  listLoaded: boolean;
  listError: AppError | null;
  /** The open scene as the editor shows it: the creator's edits over core's last copy. */
  scene: Scene | null;
  /** The scene the editor shows (or is opening); null shows the list. */
  openId: string | null;
  openError: AppError | null;
  saveState: SaveState;
  saveError: AppError | null;
  price: ScenePrice | null;
  /** Who else is in the open scene (members of its space on other machines) and on which line. */
  presence: ScenePresenceMember[];
  pricing: boolean;
  priceError: AppError | null;
  rendering: boolean;
  renderError: AppError | null;

  loadList: () => Promise<void>;
  create: (title?: string) => Promise<Scene | null>;
  open: (id: string) => Promise<void>;
  close: () => void;
  remove: (id: string) => Promise<AppError | null>;
  duplicateScene: (id: string) => Promise<Scene | null>;
  setTitle: (title: string) => void;
  setSettings: (settings: { aspect?: SceneAspect; quality?: Scene['quality'] }) => void;
  editLine: (id: string, edit: LineEdit) => void;
  /** An input method's composition began (`true`) or ended in a line's box: core's words for it wait meanwhile. */
  composeLine: (id: string, composing: boolean) => void;
  /** Puts a new line after `afterId` (at the end when null) and answers it. */
  insertLine: (afterId: string | null, fields?: LineEdit) => SceneLine;
  removeLine: (id: string) => void;
  duplicateLine: (id: string) => SceneLine | null;
  moveLine: (id: string, by: number) => void;
  moveLineTo: (from: number, to: number) => void;
  /** Writes pending edits now (leaving the editor, rendering). */
  flush: () => Promise<void>;
  refreshPrice: () => Promise<void>;
  /** Queues what needs rendering, or only `lineIds` (a retry, a re-render). */
  render: (lineIds?: string[]) => Promise<boolean>;
  /** scene.updated: a scene core holds now, the list's card of one it did not list yet included. */
  apply: (scene: Scene) => void;
  /** scene.removed: gone from the list, and closed when it was open. */
  applyRemoved: (id: string) => void;
  /** The creator is on this line of the open scene (null: on none); others in the scene see it. */
  enterLine: (lineId: string | null) => void;
  /** The editor is no longer shown: others stop seeing the creator in the scene. */
  leaveScene: () => void;
  /** scene.presence */
  applyPresence: (sceneId: string, others: ScenePresenceMember[]) => void;
  reset: () => void;
};

const initial = {
  summaries: [],
  listLoaded: false,
  listError: null,
  scene: null,
  openId: null,
  openError: null,
  saveState: 'saved' as SaveState,
  saveError: null,
  price: null,
  presence: [],
  pricing: false,
  priceError: null,
  rendering: false,
  renderError: null,
};

let saveTimer: ReturnType<typeof setTimeout> | undefined;
/** Counts edits, so a save's answer knows whether the creator typed on while it was on its way. */
let editCount = 0;
let saving: Promise<void> | null = null;
let priceSequence = 0;
/** Each line's words as core last gave them, and what is on its way. */
const lineTexts = new LineTexts();
/** Something other than a known line's words changed (settings, lines added, moved, removed): the list is written. */
let structureDirty = false;
/** The line core was last told the creator is on (undefined: none told yet for this scene). */
let presenceLine: string | null | undefined;

/** What core knows of a line's render, laid over the creator's copy of it (whose content may be newer). */
function withRenderOf(local: SceneLine, stored: SceneLine | undefined): SceneLine {
  if (!stored) return local;
  const sameContent = JSON.stringify(lineInput(local)) === JSON.stringify(lineInput(stored));
  if (!sameContent) return local.state === 'draft' ? local : { ...local, state: 'draft' };
  const merged = { ...local, ...stored };
  return sameLine(merged, local) ? local : merged;
}

/**
 * Core's copy of the lines with each line that did not change kept as the object the editor already
 * holds: a row renders again only when its own line changed, not after every save.
 */
function keepUnchanged(stored: SceneLine[], shown: readonly SceneLine[]): SceneLine[] {
  const byId = new Map(shown.map((line) => [line.id, line]));
  return stored.map((line) => {
    const before = byId.get(line.id);
    return before && sameLine(before, line) ? before : line;
  });
}

/** The same for a new quote's lines, whose prices mostly stay as they were. */
function keepUnchangedPrices(next: ScenePrice, previous: ScenePrice | null): ScenePrice {
  if (!previous) return next;
  const byId = new Map(previous.lines.map((line) => [line.lineId, line]));
  const lines = next.lines.map((line) => {
    const before = byId.get(line.lineId);
    return before && JSON.stringify(before) === JSON.stringify(line) ? before : line;
  });
  return { ...next, lines };
}

function settledStates(scene: Scene): string {
  return scene.lines
    .map((line) => (line.state === 'done' || line.state === 'failed' || line.state === 'draft' ? line.state : 'busy'))
    .join();
}

/** The list's card of a scene core sent; its state reads the open scene's quote (`price`, null for another scene). */
function summaryOf(scene: Scene, previous: SceneSummary | undefined, price: ScenePrice | null = null): SceneSummary {
  return {
    id: scene.id,
    title: scene.title,
    lineCount: scene.lines.length,
    doneCount: scene.lines.filter((line) => line.state === 'done').length,
    castMediaIds: previous?.castMediaIds ?? [],
    state: stateOfLines(scene.lines, price),
    updatedAt: scene.updatedAt,
  };
}

type SetScenes = StoreApi<ScenesState>['setState'];
type GetScenes = StoreApi<ScenesState>['getState'];

export const useScenesStore = create<ScenesState>()((set, get) => ({
  ...initial,

  ...sceneList(set, get),
  ...opening(set, get),
  ...sceneEdits(set, get),
  ...pricingAndRendering(set, get),
  ...updates(set, get),
  reset: () => {
    clearTimeout(saveTimer);
    saving = null;
    editCount = 0;
    structureDirty = false;
    presenceLine = undefined;
    lineTexts.reset();
    set(initial);
  },
}));

/** The list of scenes: read, and a scene made, deleted or duplicated from it. */
function sceneList(set: SetScenes, get: GetScenes) {
  return {
    loadList: async () => {
      const reply = await invoke('scenes.list', {});
      if (!reply.ok) return set({ listLoaded: true, listError: reply.error });
      set({ summaries: reply.value, listLoaded: true, listError: null });
    },

    create: async (title) => {
      const reply = await invoke('scenes.create', title ? { title } : {});
      if (!reply.ok) {
        set({ listError: reply.error });
        return null;
      }
      set((state) => ({ summaries: [summaryOf(reply.value, undefined), ...state.summaries.filter((each) => each.id !== reply.value.id)] }));
      return reply.value;
    },

    remove: async (id) => {
      const reply = await invoke('scenes.delete', { id });
      if (!reply.ok) return reply.error;
      get().applyRemoved(id);
      return null;
    },

    applyRemoved: (id) =>
      set((state) => ({
        summaries: state.summaries.filter((each) => each.id !== id),
        scene: state.scene?.id === id ? null : state.scene,
        openId: state.openId === id ? null : state.openId,
      })),

    duplicateScene: async (id) => {
      const original = get().summaries.find((each) => each.id === id)?.title ?? get().scene?.title ?? '';
      // The copy's title in the person's language; an untitled scene's copy stays untitled.
      const title =
        original === '' ? '' : currentFormats().text('scenes.copyTitle', { title: original }).slice(0, APP_NAME_LIMITS.sceneTitle);
      const reply = await invoke('scenes.duplicate', { id, title });
      if (!reply.ok) {
        set({ listError: reply.error });
        return null;
      }
      await get().loadList();
      return reply.value;
    },
  } satisfies Partial<ScenesState>;
}

/** Opening a scene in the editor and closing it, its last edits written first. */
function opening(set: SetScenes, get: GetScenes) {
  return {
    open: async (id) => {
      await get().flush();
      set({
        scene: null,
        openId: id,
        openError: null,
        price: null,
        presence: [],
        priceError: null,
        renderError: null,
        saveState: 'saved',
        saveError: null,
      });
      const reply = await invoke('scenes.get', { id });
      if (get().openId !== id) return;
      if (!reply.ok) return set({ openError: reply.error });
      lineTexts.reset(reply.value.lines);
      structureDirty = false;
      presenceLine = undefined;
      set({ scene: reply.value });
      void get().refreshPrice();
    },

    close: () => {
      // The list shows at once; the scene stays in hand until its last edits are written.
      set({ openId: null, price: null, priceError: null, renderError: null, openError: null, presence: [] });
      void get()
        .flush()
        .then(() => {
          if (get().openId === null) set({ scene: null });
          return get().loadList();
        });
    },

    flush: async () => {
      if (get().saveState === 'pending' || saving) await save(set, get);
    },
  } satisfies Partial<ScenesState>;
}

/** The creator's edits to the open scene and its lines. */
function sceneEdits(set: SetScenes, get: GetScenes) {
  return {
    setTitle: (title) => change(set, get, (scene) => ({ ...scene, title })),
    setSettings: (settings) => change(set, get, (scene) => ({ ...scene, ...settings })),
    editLine: (id, edit) => {
      const { text, ...fields } = edit;
      const wordsOnly = text !== undefined && Object.keys(fields).length === 0 && lineTexts.known(id);
      const update = (lines: SceneLine[]) => lines.map((line) => (line.id === id ? editLine(line, edit) : line));
      if (wordsOnly) change(set, get, (scene) => ({ ...scene, lines: update(scene.lines) }), TEXT_SEND_MS);
      else changeLines(set, get, update);
    },

    composeLine: (id, composing) => {
      if (composing) return lineTexts.compose(id);
      const shown = selectLine(get(), id)?.text;
      if (shown === undefined) return;
      const text = lineTexts.composed(id, shown);
      // Sent after the usual pause, as if typed now: nothing of the composition went while it lasted.
      const update = (lines: SceneLine[]) => lines.map((line) => (line.id === id && line.text !== text ? editLine(line, { text }) : line));
      if (lineTexts.known(id)) change(set, get, (scene) => ({ ...scene, lines: update(scene.lines) }), TEXT_SEND_MS);
    },

    insertLine: (afterId, fields) => {
      const line = newLine(fields);
      changeLines(set, get, (lines) => {
        const at = afterId === null ? lines.length : lines.findIndex((each) => each.id === afterId) + 1;
        return [...lines.slice(0, at), line, ...lines.slice(at)];
      });
      return line;
    },

    removeLine: (id) => changeLines(set, get, (lines) => lines.filter((line) => line.id !== id)),

    duplicateLine: (id) => {
      let made: SceneLine | null = null;
      changeLines(set, get, (lines) => {
        const { lines: next, copy } = duplicateLine(lines, id);
        made = copy;
        return next;
      });
      return made;
    },

    moveLine: (id, by) => changeLines(set, get, (lines) => moveLine(lines, id, by)),
    moveLineTo: (from, to) => changeLines(set, get, (lines) => moveTo(lines, from, to)),
  } satisfies Partial<ScenesState>;
}

/** The open scene's quote, and queuing its lines to render. */
function pricingAndRendering(set: SetScenes, get: GetScenes) {
  return {
    refreshPrice: async () => {
      const scene = get().scene;
      if (!scene) return;
      const sequence = ++priceSequence;
      set({ pricing: true });
      const reply = await invoke('scenes.price', { id: scene.id });
      if (sequence !== priceSequence || get().scene?.id !== scene.id) return;
      if (reply.ok) set({ price: keepUnchangedPrices(reply.value, get().price), pricing: false, priceError: null });
      else set({ pricing: false, priceError: reply.error });
    },

    render: async (lineIds) => {
      const scene = get().scene;
      if (!scene) return false;
      await get().flush();
      set({ rendering: true, renderError: null });
      const reply = await invoke('scenes.render', { id: scene.id, ...(lineIds ? { lineIds } : {}) });
      if (!reply.ok) {
        set({ rendering: false, renderError: reply.error });
        return false;
      }
      const jobs = useJobsStore.getState();
      for (const job of reply.value.jobs) jobs.apply(job, { characterId: job.resourceKind === 'character' ? job.resourceId : null });
      get().apply(reply.value.scene);
      set({ rendering: false });
      void get().refreshPrice();
      return true;
    },
  } satisfies Partial<ScenesState>;
}

/** The list with core's copy of one scene: a scene made on another machine of the space joins a list already read, as one made here does. */
function summariesWith(state: ScenesState, stored: Scene): ScenesState['summaries'] {
  const listed = state.summaries.some((each) => each.id === stored.id);
  if (!listed && state.listLoaded) return [summaryOf(stored, undefined), ...state.summaries];
  return state.summaries.map((each) =>
    each.id === stored.id ? summaryOf(stored, each, state.scene?.id === stored.id ? state.price : null) : each,
  );
}

/** scene.updated: core's copy laid under the creator's pending edits. */
function updates(set: SetScenes, get: GetScenes) {
  return {
    apply: (stored) => {
      const before = get().scene;
      set((state) => {
        const summaries = summariesWith(state, stored);
        const open = state.scene;
        if (!open || open.id !== stored.id) return { summaries };
        return { summaries, scene: sceneAfter(open, stored, state.saveState === 'saved') };
      });
      // A line that settled (done, failed) changes what is left to pay for; progress alone does not.
      if (before?.id === stored.id && get().saveState === 'saved' && settledStates(before) !== settledStates(stored))
        void get().refreshPrice();
    },

    enterLine: (lineId) => {
      const sceneId = get().openId;
      if (!sceneId || presenceLine === lineId) return;
      presenceLine = lineId;
      void invoke('scenes.presence', { sceneId, lineId });
    },

    leaveScene: () => {
      presenceLine = undefined;
      set({ presence: [] });
      void invoke('scenes.presence', { sceneId: null, lineId: null });
    },

    applyPresence: (sceneId, others) => {
      if (get().openId === sceneId) set({ presence: others });
    },
  } satisfies Partial<ScenesState>;
}

/**
 * The open scene once core's copy came: core's words laid under what the creator typed and has not
 * sent yet (lineTexts.ts); the creator's other edits win while they are on their way, core's word
 * wins on everything it alone knows, and on lines added or removed elsewhere.
 */
function sceneAfter(open: Scene, stored: Scene, saved: boolean): Scene {
  const byId = new Map(stored.lines.map((line) => [line.id, line]));
  const shown = new Map(open.lines.map((line) => [line.id, line.text]));
  const words = (line: SceneLine): SceneLine => {
    const storedLine = byId.get(line.id);
    // A line core does not have yet (made here, its list not saved) keeps its words as they are.
    if (!storedLine) return line;
    const text = lineTexts.incoming(line.id, storedLine.text, shown.get(line.id));
    return text === line.text ? line : { ...line, text };
  };
  const seen = new Set(lineTexts.seenIds());
  lineTexts.keepOnly(new Set(byId.keys()));
  if (saved) return { ...stored, lines: keepUnchanged(stored.lines.map(words), open.lines) };
  const lines = mergeLineList(open.lines, stored.lines, seen).map((line) =>
    shown.has(line.id) ? withRenderOf(words(line), byId.get(line.id)) : line,
  );
  return { ...open, collectionId: stored.collectionId, lines };
}

/**
 * The open scene changed by the creator: shown at once, written after a pause (`delay`: shorter
 * for words typed into a line the scene has, which go alone as changes).
 */
function change(set: SetScenes, get: GetScenes, update: (scene: Scene) => Scene, delay = SAVE_DEBOUNCE_MS) {
  const scene = get().scene;
  if (!scene) return;
  editCount++;
  if (delay === SAVE_DEBOUNCE_MS) structureDirty = true;
  set({ scene: update(scene), saveState: 'pending' });
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => void save(set, get), structureDirty ? SAVE_DEBOUNCE_MS : delay);
}

function changeLines(set: SetScenes, get: GetScenes, update: (lines: SceneLine[]) => SceneLine[]) {
  change(set, get, (scene) => ({ ...scene, lines: update(scene.lines) }));
}

/** Writes the pending edits; while a save is on its way the next waits for it. Typing on during a save saves again. */
async function save(set: SetScenes, get: GetScenes): Promise<void> {
  clearTimeout(saveTimer);
  if (saving) {
    await saving;
    if (get().saveState === 'pending') return save(set, get);
    return;
  }
  const scene = get().scene;
  if (!scene || get().saveState === 'saved') return;
  const sentAt = editCount;
  set({ saveState: 'saving' });
  saving = (async () => {
    const error = (await saveList(get, scene)) ?? (await saveWords(set, get, scene.id));
    saving = null;
    if (get().scene?.id !== scene.id) return;
    if (error) {
      set({ saveState: 'error', saveError: error });
      return;
    }
    const typedOn = editCount !== sentAt;
    set({ saveState: typedOn ? 'pending' : 'saved', saveError: null });
    if (typedOn) saveTimer = setTimeout(() => void save(set, get), structureDirty ? SAVE_DEBOUNCE_MS : TEXT_SEND_MS);
    else void get().refreshPrice();
  })();
  return saving;
}

/** The settings and the ordered list, when they changed: known lines' words are not in it (they go as changes). */
async function saveList(get: GetScenes, scene: Scene): Promise<AppError | null> {
  if (!structureDirty) return null;
  structureDirty = false;
  for (const line of scene.lines) if (!lineTexts.known(line.id)) lineTexts.sentWithList(line.id, line.text);
  const reply = await invoke('scenes.update', {
    id: scene.id,
    title: scene.title,
    aspect: scene.aspect,
    quality: scene.quality,
    lines: scene.lines.map(lineInput),
    seenLineIds: lineTexts.seenIds(),
  });
  if (get().scene?.id !== scene.id) return null;
  if (!reply.ok) {
    structureDirty = true;
    for (const line of scene.lines) if (!lineTexts.known(line.id)) lineTexts.failed(line.id, false);
    return reply.error;
  }
  const shown = new Map((get().scene?.lines ?? []).map((line) => [line.id, line.text]));
  const sentNew = scene.lines.filter((line) => !lineTexts.known(line.id));
  for (const line of sentNew) {
    const stored = reply.value.lines.find((each) => each.id === line.id);
    if (stored) lineTexts.answered(line.id, stored.text, shown.get(line.id));
    else lineTexts.failed(line.id, true);
  }
  get().apply(reply.value);
  return null;
}

/** Each known line whose words changed, as changes against the text core last gave (merged there with others' typing). */
async function saveWords(set: SetScenes, get: GetScenes, sceneId: string): Promise<AppError | null> {
  for (const line of get().scene?.lines ?? []) {
    const outgoing = lineTexts.outgoing(line.id, line.text);
    if (!outgoing) continue;
    const reply = await invoke('scenes.editLineText', { sceneId, ...outgoing });
    if (get().scene?.id !== sceneId) return null;
    if (!reply.ok) {
      const gone = reply.error.code === 'not_found';
      lineTexts.failed(line.id, gone);
      if (gone) continue;
      return reply.error;
    }
    const stored = reply.value;
    set((state) => {
      if (!state.scene) return {};
      const lines = state.scene.lines.map((each) => {
        if (each.id !== stored.id) return each;
        const text = lineTexts.answered(each.id, stored.text, each.text);
        return withRenderOf(text === each.text ? each : { ...each, text }, stored);
      });
      return lines.every((each, at) => each === state.scene?.lines[at]) ? {} : { scene: { ...state.scene, lines } };
    });
  }
  return null;
}
