import { describe, expect, it } from 'vitest';
import { SceneLine, SceneLineInput, UNRENDERED_LINE_FIELDS as FROM_SCHEMAS } from '../../../../shared/ipc/scenes.ts';
import { UNRENDERED_LINE_FIELDS } from '../../../../shared/ipc/sceneState.ts';

describe("a line's fields before any render", () => {
  const input: SceneLineInput = {
    id: '0b6f5a52-4f8e-4d7c-9a51-3f0c2e7d8a10',
    kind: 'speech',
    characterId: null,
    voiceId: null,
    text: 'Hello',
    emotion: null,
    talk: null,
    clipItemId: null,
  };

  it('are the same value whether read beside the schemas or from the plain module', () =>
    expect(FROM_SCHEMAS).toBe(UNRENDERED_LINE_FIELDS));

  it("are exactly the line's render fields, and make a valid line with any input", () => {
    const lineKeys = Object.keys(SceneLine.shape);
    const inputKeys = new Set(Object.keys(SceneLineInput.shape));
    expect(Object.keys(UNRENDERED_LINE_FIELDS).sort()).toEqual(lineKeys.filter((key) => !inputKeys.has(key)).sort());
    const fields: Omit<SceneLine, keyof SceneLineInput> = UNRENDERED_LINE_FIELDS;
    expect(SceneLine.parse({ ...input, ...fields }).state).toBe('draft');
  });
});
