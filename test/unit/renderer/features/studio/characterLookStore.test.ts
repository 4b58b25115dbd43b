import { afterEach, describe, expect, it } from 'vitest';
import type { CharacterView } from '../../../../../shared/ipc/index.ts';
import { lookOf, useCharacterLookStore } from '../../../../../renderer/features/studio/characterLookStore.ts';

const character: CharacterView = {
  id: 'c1',
  name: 'Mira Vale',
  status: 'ready',
  parameters: {},
  headshotMediaId: 'head-2',
  fullbodyMediaId: 'body-2',
  version: 2,
  canRevert: true,
  versions: [
    { version: 1, headshotMediaId: 'head-1', fullbodyMediaId: 'body-1', createdAt: '2026-11-01T10:00:00Z' },
    { version: 2, headshotMediaId: 'head-2', fullbodyMediaId: 'body-2', createdAt: '2026-11-02T10:00:00Z' },
  ],
  errorMessage: null,
  createdAt: '2026-11-01T10:00:00Z',
};

describe('the look a character page shows', () => {
  afterEach(() => useCharacterLookStore.getState().reset());

  it('is the current version until one is picked', () => {
    expect(lookOf(character, useCharacterLookStore.getState().shown)).toEqual({
      version: 2,
      headshotMediaId: 'head-2',
      fullbodyMediaId: 'body-2',
      current: true,
    });
  });

  it('is the picked version’s portraits once one is picked in the strip', () => {
    useCharacterLookStore.getState().show('c1', 1);
    expect(lookOf(character, useCharacterLookStore.getState().shown)).toEqual({
      version: 1,
      headshotMediaId: 'head-1',
      fullbodyMediaId: 'body-1',
      current: false,
    });
  });

  it('stays the current one when the pick is of another character or of a version it no longer has', () => {
    useCharacterLookStore.getState().show('c2', 1);
    expect(lookOf(character, useCharacterLookStore.getState().shown).current).toBe(true);
    useCharacterLookStore.getState().show('c1', 7);
    expect(lookOf(character, useCharacterLookStore.getState().shown)).toMatchObject({ version: 2, current: true });
  });

  it('goes back to the current one on showCurrent', () => {
    useCharacterLookStore.getState().show('c1', 1);
    useCharacterLookStore.getState().showCurrent();
    expect(lookOf(character, useCharacterLookStore.getState().shown).current).toBe(true);
  });
});
