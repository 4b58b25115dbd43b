import type { CharacterParameters } from '../../../shared/api/index.ts';
import { rngOf, seedOf, type Rng } from './seed.ts';

/** The avatar libraries a look is drawn with (DiceBear styles; licences in the README). */
export type AvatarStyle = 'avataaars' | 'adventurer' | 'lorelei' | 'micah' | 'openPeeps' | 'bottts';
export type Expression = 'happy' | 'sad' | 'angry' | 'surprised' | 'calm' | 'serious' | 'playful';
export type AgeBand = 'child' | 'teen' | 'adult' | 'middle' | 'elder';
export type Presentation = 'feminine' | 'masculine' | 'neutral';
export type Fantasy = { wings: boolean; horns: boolean; halo: boolean; aura: boolean; ears: boolean };

/** Everything a portrait is drawn from: traits resolved to concrete, hex colours and choices. */
export type Look = {
  seed: string;
  style: AvatarStyle;
  presentation: Presentation;
  age: AgeBand;
  expression: Expression;
  skin: string;
  hair: string;
  eyes: string;
  clothes: string;
  /** Two background colours of the portrait's gradient. */
  backdrop: [string, string];
  hairLength: 'long' | 'short' | 'bald' | 'any';
  glasses: boolean;
  beard: boolean;
  hat: boolean;
  freckles: boolean;
  /** Figure scale in the full-body picture (creature size, age). */
  scale: number;
  fantasy: Fantasy;
};

const COLOURS: Record<string, string> = {
  black: '2c1b18',
  white: 'f2f2f2',
  grey: '9e9e9e',
  gray: '9e9e9e',
  silver: 'c0c0c8',
  red: 'c62828',
  crimson: 'b0172e',
  orange: 'ef6c00',
  amber: 'ffb300',
  gold: 'd4a017',
  golden: 'd4a017',
  yellow: 'f9d71c',
  blonde: 'e6c16e',
  blond: 'e6c16e',
  brown: '6d4c41',
  chestnut: '8d4a2b',
  auburn: 'a0401e',
  ginger: 'c1561b',
  hazel: '8e7618',
  green: '2e7d32',
  emerald: '1b8a5a',
  teal: '00897b',
  cyan: '00acc1',
  blue: '1e63c8',
  navy: '1a237e',
  azure: '3d8bfd',
  violet: '7b3fc4',
  purple: '6a1b9a',
  lavender: 'b39ddb',
  pink: 'ec6fa5',
  magenta: 'd81b60',
  copper: 'b4653a',
  bronze: 'a67c52',
  ice: 'cfe8ff',
  fire: 'e8451e',
  shadow: '37306b',
};

const NATURAL_HAIR = ['2c1b18', '4a312c', '724133', 'a55728', 'b58143', 'd6b370', 'c93305', '3b2a20'];

const SKIN: [RegExp, string][] = [
  [/porcelain|pale|very light|fair/, 'ffdbb4'],
  [/light/, 'edb98a'],
  [/olive|tan|medium|golden/, 'd08b5b'],
  [/brown|caramel|bronze/, 'ae5d29'],
  [/dark|deep|ebony|black/, '614335'],
];

/** The first colour named in a free value, a hex value, or null. */
export function colourIn(value: string | undefined): string | null {
  if (!value) return null;
  const hex = /#?\b([0-9a-f]{6})\b/i.exec(value);
  if (hex?.[1]) return hex[1].toLowerCase();
  const words = value.toLowerCase().split(/[^a-z]+/);
  for (const word of words) {
    const colour = COLOURS[word];
    if (colour) return colour;
  }
  return null;
}

function hashedColour(rng: Rng, light: number): string {
  const h = rng.range(0, 360);
  return hsl(h, rng.range(0.35, 0.7), light);
}

export function hsl(h: number, s: number, l: number): string {
  const f = (n: number): string => {
    const k = (n + h / 30) % 12;
    const c = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `${f(0)}${f(8)}${f(4)}`;
}

function ageBand(age: string | undefined): AgeBand {
  const text = (age ?? '').toLowerCase();
  if (/child|kid|young child|toddler/.test(text)) return 'child';
  if (/teen|adolesc/.test(text)) return 'teen';
  if (/elder|old|senior|aged/.test(text)) return 'elder';
  const n = Number(/\d+/.exec(text)?.[0] ?? Number.NaN);
  if (Number.isNaN(n)) return 'adult';
  if (n < 13) return 'child';
  if (n < 20) return 'teen';
  if (n < 40) return 'adult';
  if (n < 60) return 'middle';
  return 'elder';
}

function presentationOf(gender: string | undefined): Presentation {
  const text = (gender ?? '').toLowerCase();
  if (/non|enby|androg|neutral|fluid/.test(text)) return 'neutral';
  if (/female|woman|girl|fem|lady/.test(text)) return 'feminine';
  if (/male|man|boy|masc|gentleman/.test(text)) return 'masculine';
  return 'neutral';
}

export function expressionOf(mood: string | undefined): Expression {
  const text = (mood ?? '').toLowerCase();
  if (/happy|joy|cheer|smil|friendly|warm|excited/.test(text)) return 'happy';
  if (/sad|melanch|gloom|tear|lonely|sorrow/.test(text)) return 'sad';
  if (/angr|fierce|rage|furious|grump|disgust/.test(text)) return 'angry';
  if (/surpris|shock|amaz|astonish|fear/.test(text)) return 'surprised';
  if (/play|mischie|silly|wink|cheek/.test(text)) return 'playful';
  if (/serious|stern|myster|dark|brood|confident|determined/.test(text)) return 'serious';
  return 'calm';
}

function styleOf(p: CharacterParameters, text: string): AvatarStyle {
  const art = p.artStyle.toLowerCase();
  if (p.creationType === 'fantasy' && /robot|android|mech|cyborg|golem|droid|machine|automaton/.test(text)) return 'bottts';
  if (/anime|manga|chibi|kawaii|cel/.test(art)) return 'adventurer';
  if (/sketch|line|ink|pencil|noir|minimal|monochrome/.test(art)) return 'lorelei';
  if (/cartoon|pixar|3d|illustrat|disney|flat|vector|comic/.test(art)) return 'micah';
  if (/doodle|hand|water|paint|oil|storybook|gouache|pastel/.test(art)) return 'openPeeps';
  return 'avataaars';
}

const MOOD_BACKDROP: Record<Expression, [number, number]> = {
  happy: [42, 28],
  sad: [215, 230],
  angry: [4, 345],
  surprised: [285, 190],
  calm: [165, 200],
  serious: [235, 260],
  playful: [320, 50],
};

/** Resolves the traits of spec 2.2 into a look; `extra` seeds variation (reference images, a full regeneration). */
export function lookOf(p: CharacterParameters, extra: readonly unknown[] = []): Look {
  const seed = seedOf('look', p, extra);
  const rng = rngOf(seed);
  const text = [p.creatureType, p.fantasyMode, p.prompt, p.customDetails].filter(Boolean).join(' ').toLowerCase();
  const expression = expressionOf(p.mood);
  const age = ageBand(p.age);
  const [h1, h2] = MOOD_BACKDROP[expression];
  const fantasyColour = colourIn(p.colorScheme);
  const skinText = (p.skinTone ?? '').toLowerCase();
  const skin =
    colourIn(p.skinTone) ??
    SKIN.find(([re]) => re.test(skinText))?.[1] ??
    (p.creationType === 'fantasy' && fantasyColour ? fantasyColour : rng.pick(SKIN)[1]);
  const look: Look = {
    seed,
    style: styleOf(p, text),
    presentation: presentationOf(p.gender),
    age,
    expression,
    skin,
    hair:
      age === 'elder'
        ? rng.pick(['e8e1e1', 'c9c3bd', 'ecdcbf'])
        : p.creationType === 'fantasy'
          ? hashedColour(rng, 0.35)
          : rng.pick(NATURAL_HAIR),
    eyes: colourIn(p.eyeColor) ?? hashedColour(rng, 0.4),
    clothes: fantasyColour ?? hashedColour(rng, 0.5),
    backdrop: [hsl(h1 + rng.range(-12, 12), 0.55, 0.78), hsl(h2 + rng.range(-12, 12), 0.45, 0.42)],
    hairLength: 'any',
    glasses: rng.next() < 0.15,
    beard: presentationOfBeard(p.gender, age, rng),
    hat: false,
    freckles: rng.next() < 0.1,
    scale: scaleOf(p.creatureSize, age),
    fantasy: fantasyOf(p, text),
  };
  return applyDetails(look, [p.customDetails, p.prompt].filter(Boolean).join('. '));
}

/** How big the figure stands: the creature's size when it names one, else its age. */
function scaleOf(creatureSize: string | undefined, age: AgeBand): number {
  const size = (creatureSize ?? '').toLowerCase();
  return /tiny|mini/.test(size)
    ? 0.55
    : /small|little/.test(size)
      ? 0.72
      : /giant|huge|colossal/.test(size)
        ? 1.18
        : /large|big|tall/.test(size)
          ? 1.08
          : age === 'child'
            ? 0.72
            : age === 'teen'
              ? 0.9
              : 1;
}

function fantasyOf(p: CharacterParameters, text: string): Fantasy {
  return {
    wings: p.creationType === 'fantasy' && /fair|angel|dragon|wing|pixie|bird|harp|griffin|phoenix/.test(text),
    horns: p.creationType === 'fantasy' && /demon|devil|dragon|horn|minotaur|satyr|faun|oni|tiefling/.test(text),
    halo: p.creationType === 'fantasy' && /angel|saint|celestial|divine|holy/.test(text),
    aura: p.creationType === 'fantasy' && !/robot|android|mech|cyborg|droid/.test(text),
    ears: p.creationType === 'fantasy' && /elf|elven|fae|fairy|pixie|goblin/.test(text),
  };
}

function presentationOfBeard(gender: string | undefined, age: AgeBand, rng: Rng): boolean {
  return presentationOf(gender) === 'masculine' && (age === 'adult' || age === 'middle' || age === 'elder') && rng.next() < 0.35;
}

/** Features a description names, in order: a later match wins ("no glasses" before "glasses"). */
const FEATURES: readonly (readonly [RegExp, Partial<Look>])[] = [
  [/no glasses|without glasses/, { glasses: false }],
  [/(?<!no |without )(glasses|spectacles|sunglasses)/, { glasses: true }],
  [/clean[- ]shaven|no beard/, { beard: false }],
  [/(?<!no )(beard|moustache|mustache|stubble)/, { beard: true }],
  [/\b(hat|beanie|cap|hijab|turban|hood)\b/, { hat: true }],
  [/long hair|ponytail|braid/, { hairLength: 'long' }],
  [/short hair|buzz|crew cut|pixie/, { hairLength: 'short' }],
  [/\bbald\b/, { hairLength: 'bald' }],
  [/freckle/, { freckles: true }],
  [/smil|grin|happy/, { expression: 'happy' }],
  [/frown|sad|tear/, { expression: 'sad' }],
];

/** Fantasy features a description adds. */
const FANTASY_FEATURES: readonly (readonly [RegExp, keyof Fantasy])[] = [
  [/wing/, 'wings'],
  [/horn/, 'horns'],
  [/halo/, 'halo'],
  [/glow|aura|magic/, 'aura'],
];

/** Colours a description may give, as `<colour> <noun>`. */
const COLOURED: readonly (readonly [RegExp, 'hair' | 'clothes' | 'eyes'])[] = [
  [/hair|haired/, 'hair'],
  [/shirt|jacket|dress|hoodie|coat|top|sweater|suit|outfit|robe|armou?r/, 'clothes'],
  [/eyes?|eyed/, 'eyes'],
];

/**
 * Applies a free-text description or a regeneration's edit: named features change what they name;
 * an edit that names nothing known still changes the outfit and backdrop, deterministically.
 */
export function applyDetails(look: Look, details: string, isEdit = false): Look {
  const text = details.toLowerCase();
  if (!text.trim()) return look;
  const next: Look = { ...look, fantasy: { ...look.fantasy } };
  let matched = false;
  for (const [noun, key] of COLOURED) {
    const m = new RegExp(`([a-z#0-9]+)[ -]+(?:${noun.source})`).exec(text);
    const colour = m ? colourIn(m[1]) : null;
    if (colour) {
      next[key] = colour;
      matched = true;
    }
  }
  for (const [re, patch] of FEATURES) {
    if (re.test(text)) {
      Object.assign(next, patch);
      matched = true;
    }
  }
  for (const [re, feature] of FANTASY_FEATURES) {
    if (re.test(text)) {
      next.fantasy[feature] = true;
      matched = true;
    }
  }
  const unchanged = JSON.stringify(next) === JSON.stringify(look);
  if (isEdit && (!matched || unchanged)) {
    const rng = rngOf(seedOf('edit', look.seed, text));
    next.clothes = hashedColour(rng, 0.5);
    next.backdrop = [hsl(rng.range(0, 360), 0.55, 0.78), hsl(rng.range(0, 360), 0.45, 0.42)];
  }
  return next;
}
