import { describe, expect, it } from 'vitest';
import { noticeWords } from '../../../../renderer/app/noticeWords.ts';
import { formatsFor } from '../../../../renderer/i18n/format.ts';
import { LOCALES } from '../../../../renderer/i18n/locales.ts';

describe('the words the page hands the desktop notification', () => {
  it('are in the language shown, with the slot for the job’s own text left for the shell', () => {
    expect(noticeWords(formatsFor('en'))).toEqual({
      ready: '{subject} is ready',
      readyUnnamed: 'Your job is ready',
      open: 'Click to open it in Cast Studio.',
    });
    const arabic = noticeWords(formatsFor('ar'));
    expect(arabic.ready).toContain('{subject}');
    expect(arabic.readyUnnamed).toMatch(/[\u0600-\u06ff]/);
    for (const locale of LOCALES) {
      const words = noticeWords(formatsFor(locale));
      expect(words.ready.split('{subject}'), locale).toHaveLength(2);
      if (locale !== 'en') expect(words, locale).not.toEqual(noticeWords(formatsFor('en')));
    }
  });
});
