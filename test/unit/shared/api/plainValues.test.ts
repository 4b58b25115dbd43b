import { describe, expect, it } from 'vitest';
import { Emotion, Quality, VoiceModel } from '../../../../shared/api/index.ts';
import { QUALITIES, isQuality } from '../../../../shared/api/optionValues.ts';
import { EMOTIONS, VOICE_MODELS, isEmotion } from '../../../../shared/api/voiceOptions.ts';

describe('the plain lists a page shows, and the schemas built from them', () => {
  it('the schemas take exactly the values of their lists', () => {
    expect(Emotion.options).toEqual([...EMOTIONS]);
    expect(Quality.options).toEqual([...QUALITIES]);
    expect(VoiceModel.options).toEqual([...VOICE_MODELS]);
  });

  it('an emotion guard agrees with the schema on every listed value and refuses others', () => {
    for (const emotion of EMOTIONS) expect(isEmotion(emotion)).toBe(Emotion.safeParse(emotion).success);
    expect(isEmotion('bored')).toBe(false);
    expect(Emotion.safeParse('bored').success).toBe(false);
    expect(isEmotion('')).toBe(false);
  });

  it('a quality guard agrees with the schema on every listed value and refuses others', () => {
    for (const quality of QUALITIES) expect(isQuality(quality)).toBe(true);
    expect(isQuality('ultra')).toBe(false);
    expect(Quality.safeParse('ultra').success).toBe(false);
  });
});
