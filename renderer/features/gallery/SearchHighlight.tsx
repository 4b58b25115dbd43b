import { Fragment } from 'react';

/** The words of a search, longest first so a longer word wins where two overlap. */
export function searchWords(search: string | undefined): string[] {
  if (!search) return [];
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}

/** A word without its accents, in lower case: how the library's search compares words ("Café" is "cafe"). */
function folded(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** A word as a pattern that matches it with or without accents on any of its letters. */
function accentFree(word: string): string {
  return [...folded(word)].map((letter) => `${letter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\p{M}*`).join('');
}

/**
 * Splits `text` into runs, marking those that match one of `words` (case-insensitive, and accents
 * aside, as the search itself matched them: "cafe" marks "Café").
 */
export function highlightRuns(text: string, words: readonly string[]): { text: string; hit: boolean }[] {
  if (words.length === 0 || !text) return [{ text, hit: false }];
  const wanted = new Set(words.map(folded));
  const pattern = new RegExp(`(${words.map(accentFree).join('|')})`, 'giu');
  return text
    .normalize('NFD')
    .split(pattern)
    .filter((run) => run.length > 0)
    .map((run) => ({ text: run.normalize('NFC'), hit: wanted.has(folded(run)) }));
}

/** Text with the search's words marked (<mark>), as the library's full-text search found them. */
export function SearchHighlight({ text, words }: { text: string; words: readonly string[] }) {
  if (words.length === 0) return <>{text}</>;
  return (
    <>
      {highlightRuns(text, words).map((run, at) => (run.hit ? <mark key={at}>{run.text}</mark> : <Fragment key={at}>{run.text}</Fragment>))}
    </>
  );
}
