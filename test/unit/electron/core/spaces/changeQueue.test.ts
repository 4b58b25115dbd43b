import { describe, expect, it } from 'vitest';
import { ChangeQueue, MAX_QUEUED } from '../../../../../electron/core/spaces/localChanges.ts';

describe('the local changes kept until a space opens', () => {
  it('keeps each change once, in the order it first came, and is empty once taken', () => {
    const queue = new ChangeQueue();
    queue.add({ kind: 'scene', sceneId: 's1' });
    queue.add({ kind: 'favourites', itemIds: ['i1'], favourite: true });
    queue.add({ kind: 'scene', sceneId: 's1' });
    expect(queue.take()).toEqual({
      changes: [
        { kind: 'scene', sceneId: 's1' },
        { kind: 'favourites', itemIds: ['i1'], favourite: true },
      ],
      overflowed: false,
    });
    expect(queue.take()).toEqual({ changes: [], overflowed: false });
  });

  it('keeps only that there were too many past its bound, until taken', () => {
    const queue = new ChangeQueue();
    for (let index = 0; index <= MAX_QUEUED; index += 1) queue.add({ kind: 'scene', sceneId: `s${index}` });
    queue.add({ kind: 'scene', sceneId: 'after' });
    expect(queue.take()).toEqual({ changes: [], overflowed: true });
    queue.add({ kind: 'scene', sceneId: 'next' });
    expect(queue.take()).toEqual({ changes: [{ kind: 'scene', sceneId: 'next' }], overflowed: false });
  });
});
