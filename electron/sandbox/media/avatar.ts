import { createAvatar, type Style } from '@dicebear/core';
import * as adventurer from '@dicebear/adventurer';
import * as avataaars from '@dicebear/avataaars';
import * as bottts from '@dicebear/bottts';
import * as lorelei from '@dicebear/lorelei';
import * as micah from '@dicebear/micah';
import * as openPeeps from '@dicebear/open-peeps';
import type { AvatarStyle, Expression, Look } from './look.ts';

type Options = Record<string, unknown>;
/** Where the mouth sits in a style's square, as fractions (measured by diffing two mouth variants). */
export type MouthAnchor = { x: number; y: number; width: number };

const STYLES: Record<AvatarStyle, { style: Style<Options>; mouth: MouthAnchor; build: (look: Look) => Options }> = {
  avataaars: { style: avataaars, mouth: { x: 0.497, y: 0.573, width: 0.145 }, build: avataaarsOptions },
  adventurer: { style: adventurer, mouth: { x: 0.445, y: 0.698, width: 0.21 }, build: adventurerOptions },
  lorelei: { style: lorelei, mouth: { x: 0.595, y: 0.627, width: 0.2 }, build: loreleiOptions },
  micah: { style: micah, mouth: { x: 0.545, y: 0.6, width: 0.16 }, build: micahOptions },
  openPeeps: { style: openPeeps, mouth: { x: 0.64, y: 0.63, width: 0.15 }, build: openPeepsOptions },
  bottts: { style: bottts, mouth: { x: 0.497, y: 0.77, width: 0.26 }, build: botttsOptions },
};

/** The avatar of a look as SVG text, with where its mouth is. */
export function avatarSvg(look: Look): { svg: string; mouth: MouthAnchor } {
  const entry = STYLES[look.style];
  const options = { seed: look.seed, backgroundColor: ['transparent'], ...entry.build(look) };
  return { svg: createAvatar(entry.style, options).toString(), mouth: entry.mouth };
}

const pick = <T>(table: Record<Expression, T>, e: Expression): T => table[e];

const AVATAAARS_LONG = [
  'bigHair',
  'bob',
  'bun',
  'curly',
  'curvy',
  'frida',
  'fro',
  'froBand',
  'longButNotTooLong',
  'miaWallace',
  'straight01',
  'straight02',
  'straightAndStrand',
];
const AVATAAARS_SHORT = [
  'dreads01',
  'dreads02',
  'frizzle',
  'shaggy',
  'shaggyMullet',
  'shortCurly',
  'shortFlat',
  'shortRound',
  'shortWaved',
  'sides',
  'theCaesar',
  'theCaesarAndSidePart',
];

function avataaarsOptions(look: Look): Options {
  const long = look.hairLength === 'long' || (look.hairLength === 'any' && look.presentation === 'feminine');
  const top = look.hat
    ? ['hat', 'winterHat1', 'winterHat02', 'turban', 'hijab']
    : look.hairLength === 'any' && look.presentation === 'neutral'
      ? [...AVATAAARS_LONG, ...AVATAAARS_SHORT]
      : long
        ? AVATAAARS_LONG
        : AVATAAARS_SHORT;
  return {
    skinColor: [look.skin],
    hairColor: [look.hair],
    facialHairColor: [look.hair],
    hatColor: [look.clothes],
    clothesColor: [look.clothes],
    top,
    topProbability: look.hairLength === 'bald' ? 0 : 100,
    facialHairProbability: look.beard ? 100 : 0,
    accessories: ['prescription01', 'prescription02', 'round', 'wayfarers'],
    accessoriesProbability: look.glasses ? 100 : 0,
    mouth: [
      pick(
        { happy: 'smile', sad: 'sad', angry: 'grimace', surprised: 'disbelief', calm: 'default', serious: 'serious', playful: 'twinkle' },
        look.expression,
      ),
    ],
    eyes: [
      pick(
        { happy: 'happy', sad: 'cry', angry: 'squint', surprised: 'surprised', calm: 'default', serious: 'side', playful: 'wink' },
        look.expression,
      ),
    ],
    eyebrows: [
      pick(
        {
          happy: 'raisedExcitedNatural',
          sad: 'sadConcernedNatural',
          angry: 'angryNatural',
          surprised: 'raisedExcited',
          calm: 'defaultNatural',
          serious: 'flatNatural',
          playful: 'upDownNatural',
        },
        look.expression,
      ),
    ],
  };
}

function adventurerOptions(look: Look): Options {
  const long = look.hairLength === 'long' || (look.hairLength === 'any' && look.presentation === 'feminine');
  const hair = Array.from({ length: long ? 26 : 19 }, (_, i) => `${long ? 'long' : 'short'}${String(i + 1).padStart(2, '0')}`);
  return {
    skinColor: [look.skin],
    hairColor: [look.hair],
    hair,
    hairProbability: look.hairLength === 'bald' ? 0 : 100,
    glassesProbability: look.glasses ? 100 : 0,
    features: look.freckles ? ['freckles'] : look.beard ? ['mustache'] : ['blush'],
    featuresProbability: look.freckles || look.beard ? 100 : 0,
    mouth: [
      pick(
        {
          happy: 'variant23',
          sad: 'variant06',
          angry: 'variant13',
          surprised: 'variant20',
          calm: 'variant01',
          serious: 'variant09',
          playful: 'variant29',
        },
        look.expression,
      ),
    ],
  };
}

function loreleiOptions(look: Look): Options {
  return {
    skinColor: [look.skin],
    hairColor: [look.hair],
    eyesColor: [look.eyes],
    eyebrowsColor: [look.hair],
    glassesProbability: look.glasses ? 100 : 0,
    beardProbability: look.beard ? 100 : 0,
    frecklesProbability: look.freckles ? 100 : 0,
    mouth: [
      pick(
        { happy: 'happy01', sad: 'sad03', angry: 'sad07', surprised: 'happy09', calm: 'happy05', serious: 'sad01', playful: 'happy12' },
        look.expression,
      ),
    ],
  };
}

function micahOptions(look: Look): Options {
  const long = look.hairLength === 'long' || (look.hairLength === 'any' && look.presentation === 'feminine');
  return {
    baseColor: [look.skin],
    hairColor: [look.hair],
    eyesColor: [look.eyes],
    shirtColor: [look.clothes],
    facialHairColor: [look.hair],
    hair: look.hat ? ['turban'] : long ? ['full', 'pixie'] : ['fonze', 'mrT', 'dougFunny', 'dannyPhantom'],
    hairProbability: look.hairLength === 'bald' ? 0 : 100,
    facialHairProbability: look.beard ? 100 : 0,
    glassesProbability: look.glasses ? 100 : 0,
    earringsProbability: look.presentation === 'feminine' ? 60 : 0,
    mouth: [
      pick(
        { happy: 'laughing', sad: 'sad', angry: 'frown', surprised: 'surprised', calm: 'smile', serious: 'nervous', playful: 'smirk' },
        look.expression,
      ),
    ],
  };
}

function openPeepsOptions(look: Look): Options {
  const long = look.hairLength === 'long' || (look.hairLength === 'any' && look.presentation === 'feminine');
  return {
    skinColor: [look.skin],
    headContrastColor: [look.hair],
    clothingColor: [look.clothes],
    head: look.hat
      ? ['hatBeanie', 'hatHip', 'hijab', 'turban']
      : look.hairLength === 'bald'
        ? ['noHair1', 'noHair2', 'noHair3']
        : long
          ? ['long', 'longAfro', 'longBangs', 'longCurly', 'bun', 'bangs', 'medium1', 'mediumStraight']
          : ['flatTop', 'shaved1', 'short1', 'short2', 'short3', 'pomp', 'mohawk', 'afro', 'cornrows'],
    facialHairProbability: look.beard ? 100 : 0,
    accessories: ['glasses', 'glasses2', 'glasses3', 'glasses4'],
    accessoriesProbability: look.glasses ? 100 : 0,
    face: [
      pick(
        { happy: 'smileBig', sad: 'concerned', angry: 'veryAngry', surprised: 'awe', calm: 'calm', serious: 'serious', playful: 'cheeky' },
        look.expression,
      ),
    ],
  };
}

function botttsOptions(look: Look): Options {
  return {
    baseColor: [look.clothes],
    mouth: [
      pick(
        {
          happy: 'smile01',
          sad: 'diagram',
          angry: 'grill02',
          surprised: 'square02',
          calm: 'smile02',
          serious: 'square01',
          playful: 'bite',
        },
        look.expression,
      ),
    ],
    eyes: [
      pick(
        { happy: 'happy', sad: 'round', angry: 'robocop', surprised: 'bulging', calm: 'eva', serious: 'sensor', playful: 'hearts' },
        look.expression,
      ),
    ],
  };
}
