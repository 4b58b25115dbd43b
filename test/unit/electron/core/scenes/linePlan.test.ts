import { describe, expect, it } from 'vitest';
import type { LineProblem } from '../../../../../shared/ipc/appErrors.ts';
import type { CastVoice, SceneLineInput } from '../../../../../shared/ipc/scenes.ts';
import { planLine, type PlanContext } from '../../../../../electron/core/scenes/linePlan.ts';
import { describeError } from '../../../../../renderer/errors/errorMessages.ts';
import { formatsFor } from '../../../../../renderer/i18n/format.ts';
import { ADA, BEN, PRESET, VOICE_A, VOICE_B } from './sceneLibrary.ts';

const LINE: SceneLineInput = {
  id: '6f9619ff-8b86-4d01-b42d-00cf4fc964ff',
  kind: 'talk',
  characterId: ADA,
  voiceId: null,
  text: 'Hello from the lighthouse.',
  emotion: null,
  talk: null,
  clipItemId: null,
};

function cast(characterId: string, voiceId: string, settings: CastVoice['settings'] = {}): CastVoice {
  return { characterId, voiceId, voiceName: null, settings, updatedAt: '2026-11-01T10:00:00.000Z' };
}

function context(change: Partial<PlanContext> = {}): PlanContext {
  return {
    quality: 'standard',
    characterVersions: new Map([
      [ADA, 1],
      [BEN, 1],
    ]),
    castVoices: new Map([[ADA, cast(ADA, VOICE_A)]]),
    hasVoice: (id) => [VOICE_A, VOICE_B, PRESET].includes(id),
    hasClip: (id) => id === 'clip-1',
    ...change,
  };
}

describe('a scene line’s content key', () => {
  it('is the same for the same content in another line, whatever the text’s surrounding spaces', () => {
    const a = planLine(LINE, context());
    const b = planLine({ ...LINE, id: '7f9619ff-8b86-4d01-b42d-00cf4fc964ff', text: '  Hello from the lighthouse.\n' }, context());
    expect(a.key).toMatch(/^[0-9a-f]{64}$/);
    expect(b.key).toBe(a.key);
    expect(a.problem).toBeNull();
    expect(a.speech).toEqual({ voice_id: VOICE_A, text: 'Hello from the lighthouse.', emotion: 'auto' });
    expect(a.talk).toEqual({ character_id: ADA, type: 'talk', prompt: 'Hello from the lighthouse.', options: { quality: 'standard' } });
  });

  it('changes with what decides the render: text, emotion, talk options, the scene’s quality, the character’s version and voice', () => {
    const base = planLine(LINE, context()).key;
    const keys = [
      planLine({ ...LINE, text: 'Goodbye.' }, context()).key,
      planLine({ ...LINE, emotion: 'happy' }, context()).key,
      planLine({ ...LINE, talk: { duration: 4 } }, context()).key,
      planLine(LINE, context({ quality: 'pro' })).key,
      planLine(LINE, context({ characterVersions: new Map([[ADA, 2]]) })).key,
      planLine(LINE, context({ castVoices: new Map([[ADA, cast(ADA, PRESET)]]) })).key,
      planLine(LINE, context({ castVoices: new Map([[ADA, cast(ADA, VOICE_A, { emotion: 'sad' })]]) })).key,
      planLine({ ...LINE, voiceId: VOICE_B }, context()).key,
    ];
    expect(new Set([base, ...keys]).size).toBe(keys.length + 1);
  });

  it('sends the cast voice’s model-b settings with the character’s own voice only', () => {
    const settings = { speaker: 'an old keeper', language: 'en' };
    const own = planLine(LINE, context({ castVoices: new Map([[ADA, cast(ADA, VOICE_B, settings)]]) }));
    expect(own.speech).toMatchObject({ voice_id: VOICE_B, speaker: 'an old keeper', language: 'en' });
    const other = planLine({ ...LINE, voiceId: PRESET }, context({ castVoices: new Map([[ADA, cast(ADA, VOICE_B, settings)]]) }));
    expect(other.speech).toEqual({ voice_id: PRESET, text: LINE.text, emotion: 'auto' });
  });

  it('names the problem of a line that cannot be rendered, and makes no request for it', () => {
    const cases: [Partial<SceneLineInput>, Partial<PlanContext>, RegExp, LineProblem][] = [
      [{ characterId: null }, {}, /who says/, 'no_speaker'],
      [{ characterId: BEN }, {}, /no voice yet/, 'no_character_voice'],
      [{ characterId: 'gone' }, {}, /not in your library/, 'character_gone'],
      [{ text: '   ' }, {}, /Write what is said/, 'no_text'],
      [{ kind: 'speech', characterId: null }, {}, /voice for this narrator/, 'no_narrator_voice'],
      [{ voiceId: 'deleted-voice' }, {}, /voice of this line/, 'voice_gone'],
      [{ kind: 'clip', clipItemId: 'missing' }, {}, /clip of this line/, 'clip_gone'],
    ];
    for (const [change, ctx, problem, code] of cases) {
      const plan = planLine({ ...LINE, ...change }, context(ctx));
      expect(plan.problem, JSON.stringify(change)).toBe(code);
      // The page words the code (in English here) as the creator reads it beside the line.
      expect(describeError({ code: 'line_not_ready', params: { problem: code } }, formatsFor('en'))).toMatch(problem);
      expect(plan.speech).toBeNull();
    }
  });

  it('makes a narrator line speech only, and a clip line nothing to send', () => {
    const narrator = planLine({ ...LINE, kind: 'speech', characterId: null, voiceId: PRESET }, context());
    expect(narrator.problem).toBeNull();
    expect(narrator.talk).toBeNull();
    expect(narrator.speech?.voice_id).toBe(PRESET);
    const clip = planLine({ ...LINE, kind: 'clip', clipItemId: 'clip-1' }, context());
    expect(clip).toMatchObject({ problem: null, speech: null, talk: null });
  });
});
