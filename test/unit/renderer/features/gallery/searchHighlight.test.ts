import { describe, expect, it } from 'vitest';
import { highlightRuns, searchWords } from '../../../../../renderer/features/gallery/SearchHighlight.tsx';

const marked = (text: string, search: string) =>
  highlightRuns(text, searchWords(search))
    .filter((run) => run.hit)
    .map((run) => run.text);

describe('the search’s words marked in a caption', () => {
  it('marks a word with or without its accents, as the search matched it', () => {
    expect(marked('Mira at the Café de Flore', 'cafe')).toEqual(['Café']);
    expect(marked('Mira at a roadside cafe', 'café')).toEqual(['cafe']);
    expect(marked('Crème brûlée', 'creme BRULEE')).toEqual(['Crème', 'brûlée']);
  });

  it('marks a word whose accent is a separate mark, and gives the text back composed', () => {
    const runs = highlightRuns('Oro in the cafe\u0301 by the pier', ['cafe']);
    expect(runs.map((run) => run.text).join('')).toBe('Oro in the café by the pier');
    expect(runs.filter((run) => run.hit).map((run) => run.text)).toEqual(['café']);
  });

  it('leaves text without the words unmarked', () => {
    expect(marked('Ferry at dawn', 'cafe')).toEqual([]);
    expect(highlightRuns('Ferry at dawn', [])).toEqual([{ text: 'Ferry at dawn', hit: false }]);
  });
});
