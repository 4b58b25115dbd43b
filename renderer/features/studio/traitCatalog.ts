import type { CharacterParameters, CreationType } from '../../../shared/api/index.ts';
import { LIMITS } from '../../../shared/api/limits.ts';

export type TraitKey = Exclude<keyof CharacterParameters, 'creationType'>;

/** How each trait of spec 2.2 is presented: a label, suggested values, and whether it is long text. */
export type TraitInfo = { label: string; suggestions: readonly string[]; long?: boolean; max: number; placeholder?: string };

export const TRAITS: Record<TraitKey, TraitInfo> = {
  gender: { label: 'Gender', suggestions: ['female', 'male', 'non-binary'], max: LIMITS.characterTrait.max },
  age: {
    label: 'Age',
    suggestions: ['child', 'teen', '20s', '30s', '40s', '50s', '60s', '70s', '18-24', '25-34', '35-44', '45-54'],
    max: LIMITS.characterTrait.max,
  },
  ethnicity: {
    label: 'Ethnicity',
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
    label: 'Skin tone',
    suggestions: ['fair', 'light', 'medium', 'olive', 'tan', 'brown', 'dark', 'deep'],
    max: LIMITS.characterTrait.max,
  },
  eyeColor: {
    label: 'Eye color',
    suggestions: ['brown', 'hazel', 'amber', 'green', 'blue', 'gray', 'violet', 'heterochromia'],
    max: LIMITS.characterTrait.max,
  },
  artStyle: {
    label: 'Art style',
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
    placeholder: 'hyper-realistic (default)',
  },
  mood: {
    label: 'Mood',
    suggestions: ['neutral', 'happy', 'serene', 'confident', 'mysterious', 'playful', 'fierce', 'melancholic'],
    max: LIMITS.characterTrait.max,
  },
  fantasyMode: {
    label: 'Fantasy mode',
    suggestions: ['creature', 'humanoid', 'hybrid', 'mythical', 'robot', 'spirit'],
    max: LIMITS.characterTrait.max,
  },
  creatureType: {
    label: 'Creature type',
    suggestions: ['dragon', 'elf', 'orc', 'fairy', 'mermaid', 'werewolf', 'vampire', 'golem', 'phoenix', 'unicorn'],
    max: LIMITS.characterTrait.max,
  },
  colorScheme: {
    label: 'Color scheme',
    suggestions: ['emerald and gold', 'crimson', 'icy blue', 'obsidian', 'pastel', 'neon', 'earth tones', 'monochrome'],
    max: LIMITS.characterTrait.max,
  },
  creatureSize: {
    label: 'Creature size',
    suggestions: ['tiny', 'small', 'medium', 'large', 'huge', 'colossal'],
    max: LIMITS.characterTrait.max,
  },
  customDetails: {
    label: 'Details',
    suggestions: [],
    long: true,
    max: LIMITS.characterDescription.max,
    placeholder: 'Freckles, silver earrings, a scar over the left eyebrow…',
  },
  prompt: {
    label: 'Prompt',
    suggestions: [],
    long: true,
    max: LIMITS.characterDescription.max,
    placeholder: 'A full description of the character, in your words.',
  },
};

export const CREATION_TYPES: readonly { value: CreationType; label: string; description: string }[] = [
  { value: 'human', label: 'Human', description: 'A person described by their traits.' },
  { value: 'fantasy', label: 'Fantasy', description: 'A creature or being from another world.' },
  { value: 'prompt', label: 'Prompt', description: 'A character written as one free description.' },
  { value: 'image', label: 'From images', description: 'A character taken from your reference images.' },
];

export function traitLabel(key: string): string {
  return (TRAITS as Record<string, TraitInfo | undefined>)[key]?.label ?? key;
}
