import { describe, expect, it } from 'vitest';
import { sceneStateOf, type SceneLineState } from '../../../../shared/ipc/scenes.ts';

const lines = (...states: (SceneLineState | `${SceneLineState}!`)[]) =>
  states.map((each) => ({ state: each.replace('!', '') as SceneLineState, problem: each.endsWith('!') }));

describe('where a whole scene stands', () => {
  it('is a draft while a line cannot be priced, or while it has no line', () => {
    expect(sceneStateOf(lines('draft', 'draft!')).kind).toBe('draft');
    expect(sceneStateOf([]).kind).toBe('draft');
  });

  it('is priced once every line left to render can be, whatever the rendered ones', () => {
    expect(sceneStateOf(lines('done', 'draft')).kind).toBe('priced');
  });

  it('is rendering while a line is in the queue, counting the lines done', () => {
    expect(sceneStateOf(lines('done', 'rendering', 'queued', 'draft!'))).toEqual({ kind: 'rendering', done: 1, total: 4 });
  });

  it('needs attention when a line failed, even while others render', () => {
    expect(sceneStateOf(lines('failed', 'rendering', 'done')).kind).toBe('attention');
  });

  it('is done when every line is', () => {
    expect(sceneStateOf(lines('done', 'done'))).toEqual({ kind: 'done', done: 2, total: 2 });
  });
});
