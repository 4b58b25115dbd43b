import type { CharacterParameters } from '../../../../../shared/api/index.ts';
import type { GenerationInput, Media, PortraitOutput } from '../../../../../electron/sandbox/media/mediaRenderer.ts';
import { renderPortraits } from '../../../../../electron/sandbox/media/portraits.ts';

export const HUMAN: CharacterParameters = {
  creationType: 'human',
  gender: 'female',
  age: '25-34',
  skinTone: 'light',
  eyeColor: 'green',
  artStyle: 'hyper-realistic',
  mood: 'happy',
};

export const OTHER_HUMAN: CharacterParameters = {
  creationType: 'human',
  gender: 'male',
  age: '60s',
  skinTone: 'dark',
  eyeColor: 'brown',
  artStyle: 'anime',
  mood: 'serious',
};

export function portraitsOf(parameters: CharacterParameters, customDetails: string | null = null, version = 1): Promise<PortraitOutput> {
  return renderPortraits({ characterId: 'character-1', version, parameters, customDetails, referenceImages: [] });
}

let cached: PortraitOutput | null = null;

/** One character's portraits, drawn once per test file. */
export async function character(): Promise<GenerationInput['character']> {
  cached ??= await portraitsOf(HUMAN);
  return { headshot: cached.headshot, fullbody: cached.fullbody, name: 'Ava' };
}

export function generation(
  options: GenerationInput['options'],
  prompt: string,
  assets: Partial<GenerationInput['assets']>,
  who: GenerationInput['character'],
): GenerationInput {
  return {
    generationId: 'generation-1',
    prompt,
    model: 'model-a',
    options,
    character: who,
    assets: { referenceImages: [], inputImage: null, startFrame: null, referenceVideo: null, audio: null, ...assets },
  };
}

export function same(a: Media, b: Media): boolean {
  return Buffer.from(a.bytes).equals(Buffer.from(b.bytes));
}

export const isJpeg = (m: Media): boolean => m.bytes[0] === 0xff && m.bytes[1] === 0xd8 && m.contentType === 'image/jpeg';
