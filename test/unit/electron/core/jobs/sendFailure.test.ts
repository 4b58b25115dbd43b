import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../../../electron/core/api/serviceError.ts';
import { readSendFailure } from '../../../../../electron/core/jobs/sendFailure.ts';

function answer(status: number, code: string, options: { attempts?: number; attemptsInDoubt?: number } = {}): ServiceError {
  const error = new ServiceError({ code, status, message: `The service answered ${status}.` });
  error.attempts = options.attempts ?? 1;
  error.attemptsInDoubt = options.attemptsInDoubt ?? 0;
  return error;
}

describe('what a failed send means for its job', () => {
  it('a refusal on a first send is for good: nothing ran, so it fails', () => {
    expect(readSendFailure(answer(422, 'invalid_request'), false)).toEqual({ next: 'refused', inDoubt: false, keyRefused: null });
  });

  it('a refusal after an attempt that may have run proves nothing: still in doubt', () => {
    expect(readSendFailure(answer(402, 'insufficient_credits'), true)).toEqual({ next: 'refused', inDoubt: true, keyRefused: null });
    expect(readSendFailure(answer(402, 'insufficient_credits', { attempts: 2, attemptsInDoubt: 1 }), false)).toEqual({
      next: 'refused',
      inDoubt: true,
      keyRefused: null,
    });
  });

  it('a key refused at the door on a first send waits for a new key, and nothing ran', () => {
    expect(readSendFailure(answer(401, 'invalid_api_key'), false)).toEqual({ next: 'resend', inDoubt: false, keyRefused: 'forget' });
  });

  it('a 401 after an attempt in doubt keeps the key it may have run under and lets history decide', () => {
    expect(readSendFailure(answer(401, 'invalid_api_key'), true)).toEqual({ next: 'history', inDoubt: true, keyRefused: 'keep' });
    expect(readSendFailure(answer(403, 'needs_new_key'), true)).toEqual({ next: 'resend', inDoubt: true, keyRefused: 'keep' });
  });

  it('no answer that settles it waits to go again, in doubt once an attempt may have run', () => {
    expect(readSendFailure(answer(503, 'unavailable'), false)).toEqual({ next: 'resend', inDoubt: true, keyRefused: null });
    expect(readSendFailure(answer(429, 'rate_limited'), false)).toEqual({ next: 'resend', inDoubt: false, keyRefused: null });
    expect(readSendFailure(answer(0, 'network', { attempts: 0 }), false)).toEqual({ next: 'resend', inDoubt: false, keyRefused: null });
  });

  it('core stopping leaves the job as it is', () => {
    expect(readSendFailure(answer(0, 'aborted'), true).next).toBe('nothing');
  });
});
