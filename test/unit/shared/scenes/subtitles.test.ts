import { describe, expect, it } from 'vitest';
import { cuesOf, splitText, srtTime, toSrt, toWebVtt, vttTime, type SubtitleLine } from '../../../../shared/scenes/subtitles.ts';

const lines: SubtitleLine[] = [
  { text: 'Hello there.', speaker: 'Ada', startMs: 0, durationMs: 1500 },
  { text: 'Is <this> & that --> fine?', speaker: 'Bo <b>', startMs: 1500, durationMs: 2000 },
  { text: 'And so   the night\n\nfell.', speaker: null, startMs: 3500, durationMs: 61_234 },
];

describe('scene subtitles', () => {
  it('writes SRT timed by the clips, with arrows in the text broken', () => {
    expect(toSrt(lines)).toBe(
      [
        '1\n00:00:00,000 --> 00:00:01,500\nHello there.\n',
        '2\n00:00:01,500 --> 00:00:03,500\nIs <this> & that -> fine?\n',
        '3\n00:00:03,500 --> 00:01:04,734\nAnd so the night fell.\n',
      ].join('\n'),
    );
  });

  it('writes WebVTT with voices and escaped text', () => {
    expect(toWebVtt(lines)).toBe(
      [
        'WEBVTT\n',
        '00:00:00.000 --> 00:00:01.500\n<v Ada>Hello there.\n',
        '00:00:01.500 --> 00:00:03.500\n<v Bo &lt;b>Is &lt;this&gt; &amp; that --&gt; fine?\n',
        '00:00:03.500 --> 00:01:04.734\nAnd so the night fell.\n',
      ].join('\n'),
    );
  });

  it('splits a long line at sentences and shares its time by length, two rows at most', () => {
    const text =
      'The storm came in over the hills before anyone had noticed the sky. We ran for the barn, laughing, soaked to the bone and happy.';
    expect(splitText(text)).toEqual([
      'The storm came in over the hills before anyone had noticed the sky.',
      'We ran for the barn, laughing, soaked to the bone and happy.',
    ]);
    const cues = cuesOf([{ text, speaker: null, startMs: 10_000, durationMs: 8_000 }]);
    expect(cues).toEqual([
      { startMs: 10_000, endMs: 14_220, text: 'The storm came in over the hills\nbefore anyone had noticed the sky.', speaker: null },
      { startMs: 14_220, endMs: 18_000, text: 'We ran for the barn, laughing,\nsoaked to the bone and happy.', speaker: null },
    ]);
  });

  it('cuts a long sentence without punctuation at a word', () => {
    const words = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ');
    const pieces = splitText(words);
    expect(pieces.every((piece) => piece.length <= 84)).toBe(true);
    expect(pieces.join(' ')).toBe(words);
  });

  it('formats hours, minutes, seconds and milliseconds', () => {
    expect(srtTime(3_723_004)).toBe('01:02:03,004');
    expect(vttTime(59_999.6)).toBe('00:01:00.000');
  });

  it('leaves out a line with no words', () => {
    expect(toSrt([{ text: '   ', speaker: null, startMs: 0, durationMs: 1000 }])).toBe('');
  });
});
