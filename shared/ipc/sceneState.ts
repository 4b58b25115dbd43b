/**
 * Where a line's render stands. `draft`: never rendered, or its content changed since (`key` no
 * longer matches); `queued`/`rendering`: its jobs are in the queue; `done`: a playable result for
 * its current content; `failed`: its last render failed (retry renders it alone).
 */
export const SCENE_LINE_STATES = ['draft', 'queued', 'rendering', 'done', 'failed'] as const;

/**
 * Where a whole scene stands. `draft`: some line is not ready to render (no speaker, no text…) or
 * its price is not known; `priced`: every line not rendered yet can be priced and queued;
 * `rendering`: lines are in the queue (`done` of `total` finished); `done`: every line is rendered;
 * `attention`: a line failed and waits for a retry.
 */
export const SCENE_STATE_KINDS = ['draft', 'priced', 'rendering', 'done', 'attention'] as const;

type LineState = (typeof SCENE_LINE_STATES)[number];
type StateKind = (typeof SCENE_STATE_KINDS)[number];

/** A line's fields that say where its render stands, as they are before any render of its content. */
export const UNRENDERED_LINE_FIELDS = {
  state: 'draft',
  key: '',
  speechJobId: null,
  talkJobId: null,
  audioId: null,
  generationId: null,
  mediaId: null,
  mediaType: null,
  thumbId: null,
  durationMs: null,
  error: null,
  renderingOn: null,
} as const satisfies { readonly state: LineState; readonly [field: string]: unknown };

/** A scene's state from its lines' (`problem`: the line cannot be priced or rendered as it is). */
export function sceneStateOf(lines: readonly { state: LineState; problem: boolean }[]): { kind: StateKind; done: number; total: number } {
  const total = lines.length;
  const done = lines.filter((line) => line.state === 'done').length;
  const at = (kind: StateKind) => ({ kind, done, total });
  if (lines.some((line) => line.state === 'failed')) return at('attention');
  if (lines.some((line) => line.state === 'queued' || line.state === 'rendering')) return at('rendering');
  if (total > 0 && done === total) return at('done');
  return at(total > 0 && lines.every((line) => line.state === 'done' || !line.problem) ? 'priced' : 'draft');
}
