import { describe, expect, it } from 'vitest';
import type { GenerationIssue } from '../../../../../shared/api/index.ts';
import { generationIssueText } from '../../../../../renderer/features/generate/generationIssueText.ts';
import { formatsFor } from '../../../../../renderer/i18n/format.ts';
import { LOCALES, PSEUDO_LOCALE } from '../../../../../renderer/i18n/locales.ts';

/** One issue per code; the type makes a new code without one fail to compile. */
const SAMPLES: { [C in GenerationIssue['code']]: Extract<GenerationIssue, { code: C }> } = {
  unknown_model: { code: 'unknown_model', type: 'video', model: 'video-model-x', choices: ['video-model-a', 'video-model-b'] },
  option_not_applicable: { code: 'option_not_applicable', option: 'hd', type: 'talk' },
  mode_unsupported: { code: 'mode_unsupported', model: 'image-model-a', mode: 'remix' },
  duration_range: { code: 'duration_range', model: 'video-model-a', min: 1, max: 10 },
  too_many_references: { code: 'too_many_references', model: 'image-model-a', max: 2 },
  no_hd: { code: 'no_hd', model: 'image-model-b' },
  no_audio: { code: 'no_audio', model: 'video-model-a' },
  needs_audio: { code: 'needs_audio', for: 'lipsync' },
  needs_input_image: { code: 'needs_input_image' },
  needs_image_or_reference: { code: 'needs_image_or_reference' },
  needs_reference_video: { code: 'needs_reference_video', mode: 'extend' },
};

describe('the shared validator’s issues in the creator’s language', () => {
  it('words every issue in every language, with no placeholder or API name left', () => {
    for (const locale of [...LOCALES, PSEUDO_LOCALE] as const) {
      const formats = formatsFor(locale);
      for (const issue of [...Object.values(SAMPLES), { code: 'needs_audio', for: 'talk' } as const]) {
        const words = generationIssueText(issue, formats);
        expect(words, `${locale}: ${issue.code}`).not.toMatch(/[{}<>]|_url|_image|reference_video|generate\./);
        expect(words.length, `${locale}: ${issue.code}`).toBeGreaterThan(10);
      }
    }
  });

  it('names options and modes by the panel’s labels, and the service’s models as they are', () => {
    const en = formatsFor('en');
    expect(generationIssueText(SAMPLES.option_not_applicable, en)).toBe('HD does not apply to talk clips.');
    expect(generationIssueText(SAMPLES.mode_unsupported, en)).toBe(
      'The model \u2068image-model-a\u2069 does not support the mode “Remix”.',
    );
    expect(generationIssueText(SAMPLES.duration_range, en)).toBe('The model \u2068video-model-a\u2069 makes clips of 1 to 10 seconds.');
    expect(generationIssueText(SAMPLES.needs_reference_video, formatsFor('ja'))).toBe('動画の「延長」モードには、元の動画が必要です。');
  });
});
