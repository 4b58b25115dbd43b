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

/** Splits `text` into runs, marking those that match one of `words` (case-insensitive). */
export function highlightRuns(text: string, words: readonly string[]): { text: string; hit: boolean }[] {
  if (words.length === 0 || !text) return [{ text, hit: false }];
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(${escaped.join('|')})`, 'giu');
  return text
    .split(pattern)
    .filter((run) => run.length > 0)
    .map((run) => ({ text: run, hit: words.includes(run.toLowerCase()) }));
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
