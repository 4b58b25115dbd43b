import { describe, expect, it } from 'vitest';
import type { SceneLine } from '../../../../../shared/ipc/index.ts';
import {
  cycleSpeaker,
  duplicateLine,
  editLine,
  lineInput,
  moveLine,
  newLine,
  nextSpeaker,
  speakerFields,
  type Speaker,
} from '../../../../../renderer/features/scenes/sceneLines.ts';

const mira: Speaker = { kind: 'character', characterId: 'mira' };
const otto: Speaker = { kind: 'character', characterId: 'otto' };
const narrator: Speaker = { kind: 'narrator', voiceId: 'voice-n' };

function said(speaker: Speaker, text = 'Hello'): SceneLine {
  return newLine({ ...speakerFields(speaker), text });
}

describe('typing a scene line after line', () => {
  it('answers with the other speaker of a dialogue after Enter', () => {
    const lines = [said(mira), said(otto)];
    expect(nextSpeaker(lines, 1)).toEqual(mira);
    expect(nextSpeaker([...lines, said(mira)], 2)).toEqual(otto);
  });

  it('goes on with the one speaker there is, and past a narrator to the last other voice', () => {
    expect(nextSpeaker([said(mira)], 0)).toEqual(mira);
    expect(nextSpeaker([said(mira), said(otto), said(narrator)], 2)).toEqual(otto);
  });

  it('cycles through the speakers both ways with Alt+↑/↓, wrapping at the ends', () => {
    const speakers = [mira, otto, narrator];
    expect(cycleSpeaker(said(mira), speakers, 1)).toEqual(otto);
    expect(cycleSpeaker(said(mira), speakers, -1)).toEqual(narrator);
    expect(cycleSpeaker(said(narrator), speakers, 1)).toEqual(mira);
    expect(cycleSpeaker(newLine(), speakers, 1)).toEqual(mira);
  });

  it('makes a narrator line a speech line with a voice and no picture options', () => {
    const line = editLine(said(mira), { ...speakerFields(narrator), talk: null });
    expect(lineInput(line)).toMatchObject({ kind: 'speech', characterId: null, voiceId: 'voice-n', talk: null });
  });
});

describe('changing a rendered line', () => {
  const done: SceneLine = { ...said(mira, 'Good morning'), state: 'done', key: 'k1', mediaId: 'm1', durationMs: 2000 };

  it('puts an edited line back to draft so that it alone is rendered again', () => {
    const edited = editLine(done, { text: 'Good evening' });
    expect(edited.state).toBe('draft');
    expect(edited.text).toBe('Good evening');
  });

  it('keeps a line untouched (the same object) when the edit changes nothing', () => {
    expect(editLine(done, { text: 'Good morning', emotion: null })).toBe(done);
  });

  it('duplicates a line right after it under a new id, with the same content', () => {
    const lines = [said(mira, 'one'), done, said(otto, 'three')];
    const { lines: next, copy } = duplicateLine(lines, done.id);
    expect(next.map((line) => line.text)).toEqual(['one', 'Good morning', 'Good morning', 'three']);
    expect(copy?.id).not.toBe(done.id);
    expect(lineInput(copy!)).toEqual({ ...lineInput(done), id: copy!.id });
  });

  it('moves a line up and down, no further than the ends', () => {
    const lines = [said(mira, 'a'), said(otto, 'b'), said(mira, 'c')];
    expect(moveLine(lines, lines[2]!.id, -1).map((line) => line.text)).toEqual(['a', 'c', 'b']);
    expect(moveLine(lines, lines[0]!.id, -1).map((line) => line.text)).toEqual(['a', 'b', 'c']);
    expect(moveLine(lines, lines[0]!.id, 5).map((line) => line.text)).toEqual(['b', 'c', 'a']);
  });
});
