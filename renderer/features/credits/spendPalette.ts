/**
 * The spend chart's series: one colour per kind of work for each theme, and a pattern, so no kind
 * is told apart by colour alone. The light colours are Okabe–Ito's blue, vermillion and bluish
 * green with darker companions (each at least 3:1 on the light surface); the dark ones are
 * Okabe–Ito's own (each at least 3:1 on the dark surface). Every pair stays apart under normal
 * vision and simulated protanopia, deuteranopia and tritanopia (test/unit/renderer/features/credits).
 */
export type SpendSeries = { light: string; dark: string; pattern: SpendPattern };
export type SpendPattern = 'solid' | 'diagonal' | 'dots' | 'horizontal' | 'vertical' | 'cross' | 'back-diagonal' | 'grid';

export const SPEND_SERIES: readonly SpendSeries[] = [
  { light: '#0072B2', dark: '#56B4E9', pattern: 'solid' },
  { light: '#D55E00', dark: '#E69F00', pattern: 'diagonal' },
  { light: '#009E73', dark: '#009E73', pattern: 'dots' },
  { light: '#9900FF', dark: '#CC79A7', pattern: 'horizontal' },
  { light: '#774422', dark: '#F0E442', pattern: 'vertical' },
  { light: '#554455', dark: '#8833FF', pattern: 'cross' },
  { light: '#9977FF', dark: '#CCFFCC', pattern: 'back-diagonal' },
  { light: '#5533BB', dark: '#BB4411', pattern: 'grid' },
];

/** Kinds in a fixed order, so a kind keeps its colour from one month to the next. */
const KIND_ORDER = ['image', 'video', 'talk', 'audio', 'voice', 'character', 'regenerate', 'other'];

/** The series of a kind: its place in KIND_ORDER, else one after the known kinds (wrapping). */
export function seriesOf(kind: string): SpendSeries {
  const known = KIND_ORDER.indexOf(kind);
  const index = known >= 0 ? known : (KIND_ORDER.length + hashOf(kind)) % SPEND_SERIES.length;
  return SPEND_SERIES[index] as SpendSeries;
}

/** The series' colour for CSS, written once for both themes. */
export const colourOf = (series: SpendSeries) => `light-dark(${series.light}, ${series.dark})`;

function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
}
