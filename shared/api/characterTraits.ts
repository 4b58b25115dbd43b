import type { CharacterParameters, CreationType } from './characters.ts';

/** Which traits apply to each creation type (the studio shows these; the service accepts all). */
export const TRAITS_BY_CREATION_TYPE: Record<CreationType, readonly (keyof CharacterParameters)[]> = {
  human: ['gender', 'age', 'ethnicity', 'skinTone', 'eyeColor', 'artStyle', 'mood', 'customDetails'],
  fantasy: ['fantasyMode', 'creatureType', 'colorScheme', 'creatureSize', 'eyeColor', 'artStyle', 'mood', 'customDetails'],
  prompt: ['prompt', 'artStyle', 'mood', 'customDetails'],
  image: ['artStyle', 'mood', 'customDetails'],
};
