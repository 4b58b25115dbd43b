import {
  isLiteralElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  parse,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** Padding that grows a text by about 40 %, the most a translation usually adds to English. */
const GROWTH = 0.4;
const PADDING = '·';

/**
 * An English message made pseudo: letters accented, the whole about 40 % longer and bracketed,
 * so that clipped text and concatenated pieces show. Arguments, plurals and tags stay as they
 * are; only the words inside them change.
 */
export function pseudoMessage(message: string): string {
  const ast = parse(message);
  const letters = countLetters(ast);
  const padding = PADDING.repeat(Math.ceil(letters * GROWTH));
  return `⟦${printAST(ast.map(accent))}${padding}⟧`;
}

function accent(element: MessageFormatElement): MessageFormatElement {
  if (isLiteralElement(element)) return { ...element, value: [...element.value].map((ch) => ACCENTED[ch] ?? ch).join('') };
  if (isPluralElement(element) || isSelectElement(element)) {
    const options = Object.fromEntries(
      Object.entries(element.options).map(([key, option]) => [key, { ...option, value: option.value.map(accent) }]),
    );
    return { ...element, options };
  }
  if (isTagElement(element)) return { ...element, children: element.children.map(accent) };
  return element;
}

function countLetters(ast: readonly MessageFormatElement[]): number {
  let letters = 0;
  for (const element of ast) {
    if (isLiteralElement(element)) letters += element.value.length;
    else if (isPluralElement(element) || isSelectElement(element)) {
      letters += Math.max(0, ...Object.values(element.options).map((option) => countLetters(option.value)));
    } else if (isTagElement(element)) letters += countLetters(element.children);
  }
  return letters;
}
