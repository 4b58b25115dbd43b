import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../../../shared/api/index.ts';
import { describeError, KNOWN_ERROR_CODES } from '../../../../renderer/errors/errorMessages.ts';

describe('error sentences', () => {
  it('has a sentence for every service error code and every router code', () => {
    const expected = [...Object.keys(ERROR_STATUS), 'invalid_input', 'unknown_command', 'not_available', 'internal_error'];
    for (const code of expected) expect(KNOWN_ERROR_CODES).toContain(code);
  });

  it('says what happened and what to do, in one or more full sentences', () => {
    for (const code of KNOWN_ERROR_CODES) {
      const sentence = describeError({ code, message: 'The model video-model-a makes clips of 1 to 10 seconds.' });
      expect(sentence, code).toMatch(/^[A-Z].*[.!?]$/s);
      expect(sentence.split(/[.!?]\s/).length, code).toBeGreaterThanOrEqual(1);
    }
  });

  it('names the plan a plan_required key needs', () => {
    expect(describeError({ code: 'plan_required', message: '' })).toContain('Creator or Studio plan');
  });

  it('never shows raw JSON or a stack trace', () => {
    const json = describeError({ code: 'validation_error', message: '{"error":{"code":"validation_error"}}' });
    expect(json).not.toContain('{');
    const stack = describeError({ code: 'some_core_code', message: 'Error: boom\n    at thing (file.ts:1:2)' });
    expect(stack).not.toMatch(/file\.ts/);
  });

  it('keeps a sentence core wrote for a code of its own', () => {
    expect(describeError({ code: 'price_changed', message: 'The price went up from 10 to 12 credits while this job waited.' })).toBe(
      'The price went up from 10 to 12 credits while this job waited.',
    );
  });
});
