import type { ScenePrice, SceneLine, SceneState } from '../../../shared/ipc/index.ts';
import { sceneStateOf } from '../../../shared/ipc/sceneState.ts';
import type { SceneLinePriceView } from './sceneTypes.ts';

/**
 * What the editor's parts read from the scenes store, each as narrow as it can be: a keystroke in
 * one line makes a new `lines` array, and only what reads that line (its row) may render again.
 * The rest reads ids, counts and the price, which a keystroke leaves as they were.
 */
type SceneSlice = { scene: { lines: SceneLine[] } | null; price: ScenePrice | null };

const NO_IDS: readonly string[] = [];

/** The lines' ids in order: the list renders again when lines come, go or move, never when one is typed in. */
export function selectLineIds(state: SceneSlice): readonly string[] {
  return state.scene?.lines.map((line) => line.id) ?? NO_IDS;
}

// Each row looks its line up by id; one index per `lines` array serves all of them.
const linesById = new WeakMap<readonly SceneLine[], Map<string, SceneLine>>();

/** One line by id (undefined once it is gone): the same object until that line itself is edited or updated by core. */
export function selectLine(state: SceneSlice, id: string): SceneLine | undefined {
  const lines = state.scene?.lines;
  if (!lines) return undefined;
  let index = linesById.get(lines);
  if (!index) {
    index = new Map(lines.map((line) => [line.id, line]));
    linesById.set(lines, index);
  }
  return index.get(id);
}

const pricesByLine = new WeakMap<ScenePrice, Map<string, SceneLinePriceView>>();

/** The quote's lines by id: one index per quote, shared by every row and by the scene's state. */
function priceIndex(price: ScenePrice): Map<string, SceneLinePriceView> {
  let index = pricesByLine.get(price);
  if (!index) {
    index = new Map(price.lines.map((line) => [line.lineId, line]));
    pricesByLine.set(price, index);
  }
  return index;
}

/** One line's price from the scene's last quote. */
export function selectLinePrice(state: SceneSlice, id: string): SceneLinePriceView | undefined {
  return state.price ? priceIndex(state.price).get(id) : undefined;
}

/**
 * Where the scene stands as a whole, from its lines and its last quote: a line not rendered yet is
 * only ready when the quote priced it without a problem (select with `useShallow`).
 */
export function selectSceneState(state: SceneSlice): SceneState {
  return stateOfLines(state.scene?.lines ?? [], state.price);
}

export function stateOfLines(lines: readonly SceneLine[], price: ScenePrice | null): SceneState {
  const priced = price ? priceIndex(price) : new Map<string, SceneLinePriceView>();
  return sceneStateOf(
    lines.map((line) => {
      const linePrice = priced.get(line.id);
      return { state: line.state, problem: !linePrice || linePrice.problem !== null };
    }),
  );
}

/** How many lines there are and where their renders stand (select with `useShallow`). */
export type LineCounts = { total: number; done: number; busy: number };

/**
 * The still an export of the scene opens on: the thumbnail of its first line that has a picture
 * (the joined video begins with that clip; a narrator before it holds the same picture).
 */
export function selectPosterId(state: SceneSlice): string | null {
  return state.scene?.lines.find((line) => line.state === 'done' && line.thumbId)?.thumbId ?? null;
}

export function selectLineCounts(state: SceneSlice): LineCounts {
  const lines = state.scene?.lines ?? [];
  let done = 0;
  let busy = 0;
  for (const line of lines) {
    if (line.state === 'done') done++;
    else if (line.state === 'queued' || line.state === 'rendering') busy++;
  }
  return { total: lines.length, done, busy };
}

/**
 * Whether two copies of a line differ in their text alone (or not at all): the row's fields apart from
 * the text box, which holds its own words, stay as they are.
 */
export function sameApartFromText(a: SceneLine, b: SceneLine): boolean {
  if (a === b) return true;
  const fields = Object.keys(a) as (keyof SceneLine)[];
  return fields.length === Object.keys(b).length && fields.every((field) => field === 'text' || Object.is(a[field], b[field]));
}
