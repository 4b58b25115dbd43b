import { describe, expect, it } from 'vitest';
import { OPERATION_IDS } from '../../../../shared/api/index.ts';
import { PRICING_VERSION, priceOf } from '../../../../electron/sandbox/pricing.ts';

describe('pricing table (decision: spec 8 credit amounts)', () => {
  it('prices characters, regenerations and reverts', () => {
    expect(priceOf({ operation: OPERATION_IDS.createCharacter })).toBe(10);
    expect(priceOf({ operation: OPERATION_IDS.regenerateCharacter, customDetails: '' })).toBe(8);
    expect(priceOf({ operation: OPERATION_IDS.regenerateCharacter, customDetails: '  ' })).toBe(8);
    expect(priceOf({ operation: OPERATION_IDS.regenerateCharacter, customDetails: 'hat' })).toBe(5);
    expect(priceOf({ operation: OPERATION_IDS.revertCharacter })).toBe(0);
  });

  it('prices generations by type, hd, quality and seconds', () => {
    const g = (type: 'image' | 'video' | 'talk', options: Record<string, unknown>) =>
      priceOf({ operation: OPERATION_IDS.createGeneration, type, options });
    expect(g('image', {})).toBe(2);
    expect(g('image', { hd: true })).toBe(4);
    expect(g('video', { duration: 5, quality: 'pro' })).toBe(25);
    expect(g('video', { duration: 5, quality: 'standard' })).toBe(15);
    expect(g('talk', { duration: 10, quality: 'pro' })).toBe(30);
    expect(g('talk', { duration: 10, quality: 'standard' })).toBe(20);
  });

  it('prices voices and speech (ceil(chars / 250), at least 1, voice-model-b doubled)', () => {
    expect(priceOf({ operation: OPERATION_IDS.cloneVoice, setupMode: 'voice_clone' })).toBe(20);
    expect(priceOf({ operation: OPERATION_IDS.cloneVoice, setupMode: 'voice_design' })).toBe(15);
    const a = (text: string, model = 'voice-model-a') => priceOf({ operation: OPERATION_IDS.createAudio, text, model });
    expect(a('x')).toBe(1);
    expect(a('x'.repeat(250))).toBe(1);
    expect(a('x'.repeat(251))).toBe(2);
    expect(a('x'.repeat(5000), 'voice-model-b')).toBe(40);
    expect(a('😀'.repeat(250))).toBe(1);
  });

  it('has a version bound into quotes', () => {
    expect(PRICING_VERSION).toMatch(/^price-/);
  });
});
