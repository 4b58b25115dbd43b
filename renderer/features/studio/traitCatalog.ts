import type { CharacterParameters, CreationType } from '../../../shared/api/index.ts';
import { LIMITS } from '../../../shared/api/limits.ts';
import type { MessageId } from '../../i18n/catalogs.ts';
import { currentFormats } from '../../i18n/currentLocale.ts';

export type TraitKey = Exclude<keyof CharacterParameters, 'creationType'>;

/**
 * How each trait of spec 2.2 is presented: a label, suggested values, and whether it is long text.
 * The suggestions are the service's own words for the values, sent as they are: they stay English.
 */
export type TraitInfo = { label: MessageId; suggestions: readonly string[]; long?: boolean; max: number; placeholder?: MessageId };

export const TRAITS: Record<TraitKey, TraitInfo> = {
  gender: { label: 'studio.trait.gender', suggestions: ['female', 'male', 'non-binary'], max: LIMITS.characterTrait.max },
  age: {
    label: 'studio.trait.age',
    suggestions: ['child', 'teen', '20s', '30s', '40s', '50s', '60s', '70s', '18-24', '25-34', '35-44', '45-54'],
    max: LIMITS.characterTrait.max,
  },
  ethnicity: {
    label: 'studio.trait.ethnicity',
    suggestions: [
      'east-asian',
      'south-asian',
      'southeast-asian',
      'black',
      'white',
      'hispanic',
      'middle-eastern',
      'indigenous',
      'pacific-islander',
      'mixed',
    ],
    max: LIMITS.characterTrait.max,
  },
  skinTone: {
    label: 'studio.trait.skinTone',
    suggestions: ['fair', 'light', 'medium', 'olive', 'tan', 'brown', 'dark', 'deep'],
    max: LIMITS.characterTrait.max,
  },
  eyeColor: {
    label: 'studio.trait.eyeColor',
    suggestions: ['brown', 'hazel', 'amber', 'green', 'blue', 'gray', 'violet', 'heterochromia'],
    max: LIMITS.characterTrait.max,
  },
  artStyle: {
    label: 'studio.trait.artStyle',
    suggestions: [
      'hyper-realistic',
      'photorealistic',
      'cinematic',
      'anime',
      '3d-render',
      'comic',
      'watercolor',
      'oil-painting',
      'pixel-art',
    ],
    max: LIMITS.characterTrait.max,
    placeholder: 'studio.trait.artStyle.placeholder',
  },
  mood: {
    label: 'studio.trait.mood',
    suggestions: ['neutral', 'happy', 'serene', 'confident', 'mysterious', 'playful', 'fierce', 'melancholic'],
    max: LIMITS.characterTrait.max,
  },
  fantasyMode: {
    label: 'studio.trait.fantasyMode',
    suggestions: ['creature', 'humanoid', 'hybrid', 'mythical', 'robot', 'spirit'],
    max: LIMITS.characterTrait.max,
  },
  creatureType: {
    label: 'studio.trait.creatureType',
    suggestions: ['dragon', 'elf', 'orc', 'fairy', 'mermaid', 'werewolf', 'vampire', 'golem', 'phoenix', 'unicorn'],
    max: LIMITS.characterTrait.max,
  },
  colorScheme: {
    label: 'studio.trait.colorScheme',
    suggestions: ['emerald and gold', 'crimson', 'icy blue', 'obsidian', 'pastel', 'neon', 'earth tones', 'monochrome'],
    max: LIMITS.characterTrait.max,
  },
  creatureSize: {
    label: 'studio.trait.creatureSize',
    suggestions: ['tiny', 'small', 'medium', 'large', 'huge', 'colossal'],
    max: LIMITS.characterTrait.max,
  },
  customDetails: {
    label: 'studio.trait.customDetails',
    suggestions: [],
    long: true,
    max: LIMITS.characterDescription.max,
    placeholder: 'studio.trait.customDetails.placeholder',
  },
  prompt: {
    label: 'studio.trait.prompt',
    suggestions: [],
    long: true,
    max: LIMITS.characterDescription.max,
    placeholder: 'studio.trait.prompt.placeholder',
  },
};

export const CREATION_TYPES: readonly { value: CreationType; label: MessageId; description: MessageId }[] = [
  { value: 'human', label: 'studio.kind.human', description: 'studio.kind.human.description' },
  { value: 'fantasy', label: 'studio.kind.fantasy', description: 'studio.kind.fantasy.description' },
  { value: 'prompt', label: 'studio.kind.prompt', description: 'studio.kind.prompt.description' },
  { value: 'image', label: 'studio.kind.image', description: 'studio.kind.image.description' },
];

/** A trait's name in the studio's language; a trait the studio does not know reads as its key. */
export function traitLabel(key: string): string {
  const id = (TRAITS as Record<string, TraitInfo | undefined>)[key]?.label;
  return id ? currentFormats().text(id) : key;
}

/** A long trait's name at the start of the sentence about its length: "The details". */
export function traitWhat(key: TraitKey): string {
  return currentFormats().text('studio.trait.what', { trait: key });
}
