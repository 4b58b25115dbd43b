import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, SERVICE_MESSAGE_MAX, type JobState } from '../../../../../shared/ipc/index.ts';
import { serviceErrorFrom } from '../../../../../electron/core/api/serviceError.ts';
import { AppFailure, invalidInput, toAppError } from '../../../../../electron/core/ipc/appFailure.ts';
import { readStoredJobError } from '../../../../../electron/core/jobs/storedJobError.ts';

describe('errors as the page is told them', () => {
  it('sends a code and its parameters, never a sentence of core’s', () => {
    const failure = new AppFailure('not_found', { what: 'scene' }, { field: 'id' });
    expect(toAppError(failure)).toEqual({ code: 'not_found', params: { what: 'scene' }, field: 'id' });
    expect(toAppError(new Error('boom at /home/ada/core.js:1:2'))).toEqual({ code: 'internal_error', params: {} });
  });

  it('quotes a service’s own words where ours cannot say them, and only there', () => {
    const refused = serviceErrorFrom(
      400,
      { code: 'validation_error', message: 'Duration must be 1 to 10 seconds.', field: 'duration' },
      null,
    );
    expect(toAppError(refused)).toEqual({
      code: 'validation_error',
      params: {},
      field: 'duration',
      serviceMessage: 'Duration must be 1 to 10 seconds.',
    });
    // A known code's own words add nothing to ours.
    expect(toAppError(serviceErrorFrom(402, { code: 'insufficient_credits', message: 'no credits' }, null))).toEqual({
      code: 'insufficient_credits',
      params: {},
    });
    // A code the app does not know is told as what its status means, with the service's words.
    expect(toAppError(serviceErrorFrom(402, { code: 'balance_low', message: 'Need 40, have 12.' }, null))).toEqual({
      code: 'insufficient_credits',
      params: {},
      serviceMessage: 'Need 40, have 12.',
    });
    expect(toAppError(serviceErrorFrom(404, { code: 'gone', message: 'Deleted.' }, null))).toMatchObject({
      code: 'not_found',
      params: { what: 'service_item' },
    });
  });

  it('keeps the service’s words bounded: one line, cut, never JSON or a stack', () => {
    const long = toAppError(serviceErrorFrom(400, { code: 'validation_error', message: `Too long:\n${'x'.repeat(1000)}` }, null));
    expect(long.serviceMessage?.length).toBe(SERVICE_MESSAGE_MAX);
    expect(long.serviceMessage).toMatch(/^Too long: x+…$/);
    const json = toAppError(serviceErrorFrom(400, { code: 'validation_error', message: '{"error":{"code":"x"}}' }, null));
    expect(json).not.toHaveProperty('serviceMessage');
    const stack = toAppError(serviceErrorFrom(409, { code: 'invalid_state', message: 'Error: x\n    at run (/srv/app.js:10:5)' }, null));
    expect(stack).not.toHaveProperty('serviceMessage');
  });

  it('says what is wrong with an input, and the limit it broke', () => {
    const parsed = z.object({ title: z.string().max(5) }).safeParse({ title: 'much too long' });
    if (parsed.success) throw new Error('the title should have been refused');
    expect(invalidInput(parsed.error)).toEqual({ code: 'invalid_input', params: { problem: 'too_long', limit: 5 }, field: 'title' });
  });

  it('refuses at the boundary an unknown code, missing or wrong parameters, and a sentence', () => {
    expect(AppError.safeParse({ code: 'not_found', params: { what: 'scene' } }).success).toBe(true);
    expect(AppError.safeParse({ code: 'made_up', params: {} }).success).toBe(false);
    expect(AppError.safeParse({ code: 'not_found', params: {} }).success).toBe(false);
    expect(AppError.safeParse({ code: 'not_found', params: { what: 'planet' } }).success).toBe(false);
    expect(AppError.safeParse({ code: 'quote_used', params: {}, message: 'This price was already used.' }).success).toBe(false);
  });

  it('gives a job’s failure recorded as a sentence by an older version a code the page words', () => {
    const older = (code: string, message: string, state: JobState = 'failed') =>
      readStoredJobError({ error_code: code, error_message: message, state, quoted_credits: null });
    expect(older('rate_limited', 'The service asked Cast Studio to slow down.')).toEqual({ code: 'rate_limited', params: {} });
    expect(older('validation_error', 'The prompt is too long.')).toEqual({
      code: 'validation_error',
      params: {},
      serviceMessage: 'The prompt is too long.',
    });
    expect(older('not_found', 'The item no longer exists on the service.')).toEqual({
      code: 'not_found',
      params: { what: 'service_item' },
    });
    expect(older('dependency_failed', 'The job it needs failed.', 'queued')).toEqual({ code: 'dependency_failed', params: {} });
    // A code whose words need parameters the row does not keep is one the page words without them.
    expect(older('disk_full', 'Your disk is full.')).toEqual({ code: 'job_error', params: { state: 'failed' } });
    expect(older('made_up', 'Words.', 'waiting_connection')).toEqual({ code: 'job_error', params: { state: 'waiting' } });
  });
});
