import { beforeAll, describe, expect, it } from 'vitest';
import { asksForInput, needsFile, panelIssueText, type PanelIssue } from '../../../../../renderer/features/generate/panelIssues.ts';
import { loadMessages } from '../../../../../renderer/i18n/catalogs.ts';
import { formatsFor } from '../../../../../renderer/i18n/format.ts';
import { LOCALES, PSEUDO_LOCALE } from '../../../../../renderer/i18n/locales.ts';

/** One issue of each of the panel's own codes; the type makes a new code without one fail to compile. */
const OWN = {
  no_models: { code: 'no_models' },
  uploading: { code: 'uploading' },
  no_prompt: { code: 'no_prompt' },
  no_voice: { code: 'no_voice' },
  no_line: { code: 'no_line' },
  no_track: { code: 'no_track' },
  track_not_ready: { code: 'track_not_ready' },
  too_long: { code: 'too_long', what: 'line', length: 5003, max: 5000 },
  service: { code: 'service', issue: { code: 'needs_input_image' } },
} as const satisfies Record<PanelIssue['code'], PanelIssue>;

const NEEDS_FILE: PanelIssue[] = [
  { code: 'service', issue: { code: 'needs_audio', for: 'talk' } },
  { code: 'service', issue: { code: 'needs_audio', for: 'lipsync' } },
  { code: 'service', issue: { code: 'needs_input_image' } },
  { code: 'service', issue: { code: 'needs_image_or_reference' } },
  { code: 'service', issue: { code: 'needs_reference_video', mode: 'extend' } },
];

beforeAll(async () => {
  await Promise.all(LOCALES.map((locale) => loadMessages(locale)));
});

describe('the generate panel’s issues', () => {
  it('are worded in every language when drawn, with no placeholder left', () => {
    for (const locale of [...LOCALES, PSEUDO_LOCALE] as const) {
      const formats = formatsFor(locale);
      for (const issue of [...Object.values(OWN), ...NEEDS_FILE]) {
        const words = panelIssueText(issue, formats);
        expect(words, `${locale}: ${issue.code}`).not.toMatch(/[{}<>]|generate\.|ui\./);
        expect(words.length, `${locale}: ${issue.code}`).toBeGreaterThan(3);
      }
    }
  });

  it('say a text over its limit by what it is, the limit and how much to remove, in the language’s numbers', () => {
    expect(panelIssueText(OWN.too_long, formatsFor('en'))).toBe('A line has at most 5,000 characters; remove 3.');
    const german = panelIssueText(OWN.too_long, formatsFor('de'));
    expect(german).toContain('5.000');
    expect(german).not.toBe(panelIssueText(OWN.too_long, formatsFor('en')));
    expect(panelIssueText(OWN.too_long, formatsFor('ar'))).toMatch(/[\u0600-\u06ff]/);
  });

  it('tell a hint from an error by code, so a missing file is a hint in every language', () => {
    for (const issue of [OWN.no_prompt, OWN.no_voice, OWN.no_line, OWN.no_track]) expect(asksForInput(issue)).toBe(true);
    for (const issue of [OWN.uploading, OWN.no_models, OWN.too_long, OWN.track_not_ready]) expect(asksForInput(issue)).toBe(false);
    for (const issue of NEEDS_FILE) expect(needsFile(issue), JSON.stringify(issue)).toBe(true);
    const wrong: PanelIssue[] = [
      { code: 'service', issue: { code: 'duration_range', model: 'video-model-a', min: 1, max: 10 } },
      { code: 'service', issue: { code: 'no_hd', model: 'image-model-b' } },
      OWN.no_prompt,
    ];
    for (const issue of wrong) expect(needsFile(issue), JSON.stringify(issue)).toBe(false);
  });
});
