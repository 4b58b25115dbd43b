import { describe, expect, it } from 'vitest';
import { readErrorAnswer } from '../../../../../electron/core/api/errorAnswer.ts';
import { checkAdvances, cursorOf, sequelOf } from '../../../../../electron/core/api/listPage.ts';
import { ServiceError, serviceErrorFrom } from '../../../../../electron/core/api/serviceError.ts';
import { readRegenerateAnswer, readRevertAnswer } from '../../../../../electron/core/characters/versionAnswers.ts';
import { serviceAppError } from '../../../../../electron/core/ipc/appFailure.ts';

const CHARACTER = '7d0c8f0e-5b7a-4c1e-9a55-0f3f1e2b9c11';
const GENERATION = '1b9e2c55-7f0a-4a8e-b1d2-3c4d5e6f7a8b';

describe('error bodies in any shape (spec 7: "Body shape of an error response: not shown")', () => {
  it('reads code, message and field from the envelope, with unknown fields beside them', () => {
    expect(
      readErrorAnswer({
        error: { code: 'validation_error', message: 'Name is too long.', field: 'name', request_id: 'r1', details: [{ reason: 'x' }] },
      }),
    ).toEqual({
      code: 'validation_error',
      message: 'Name is too long.',
      field: 'name',
    });
  });

  it('reads an RFC 9457 problem document and a flat { code, message }', () => {
    expect(
      readErrorAnswer({
        type: 'about:blank',
        title: 'Forbidden',
        status: 403,
        detail: 'The owner has no active plan.',
        code: 'plan_required',
      }),
    ).toEqual({
      code: 'plan_required',
      message: 'The owner has no active plan.',
      field: null,
    });
    expect(readErrorAnswer({ code: 'invalid_cursor', message: 'The cursor is invalid.' })).toEqual({
      code: 'invalid_cursor',
      message: 'The cursor is invalid.',
      field: null,
    });
    // A problem type URI names the problem when no code does.
    expect(readErrorAnswer({ type: 'https://example.test/problems/out-of-credit', title: 'Payment Required', status: 402 })).toEqual({
      code: 'out_of_credit',
      message: 'Payment Required',
      field: null,
    });
  });

  it('says nothing for a body without a code or a message', () => {
    expect(readErrorAnswer(null)).toBeNull();
    expect(readErrorAnswer('Bad Gateway')).toBeNull();
    expect(readErrorAnswer({ status: 500 })).toBeNull();
    expect(readErrorAnswer({ error: { code: 5 } })).toBeNull();
  });
});

describe('an error code Cast Studio does not know', () => {
  it('keeps the service’s own message and takes its meaning from the status', () => {
    const payment = serviceErrorFrom(402, { code: 'balance_insufficient', message: 'Not enough credits: 40 needed, 12 left' }, null);
    expect(payment.code).toBe('balance_insufficient');
    expect(payment.meaning).toBe('insufficient_credits');
    expect(payment.message).toBe(
      'The service refused this for lack of credits or payment. Not enough credits: 40 needed, 12 left. Buy credits or lower the cost, then try again.',
    );
    const invalid = serviceErrorFrom(400, { code: 'parameter_invalid', message: 'prompt must not be blank.', field: 'prompt' }, null);
    expect(invalid).toMatchObject({ code: 'parameter_invalid', meaning: 'validation_error', field: 'prompt' });
    expect(invalid.message).toContain('prompt must not be blank.');
    expect(serviceErrorFrom(401, { code: 'token_revoked', message: 'Revoked.' }, null).meaning).toBe('invalid_api_key');
  });

  it('leaves known codes as they were: their own sentence, the code as meaning', () => {
    const plan = serviceErrorFrom(403, { code: 'plan_required', message: 'x' }, null);
    expect(plan).toMatchObject({ code: 'plan_required', meaning: 'plan_required' });
    expect(plan.message).toMatch(/Creator or Studio plan/);
    expect(serviceErrorFrom(402, null, null).code).toBe('insufficient_credits');
  });
});

describe('where a list page names its next page (spec 4.2: envelope not shown)', () => {
  const more = { has_more: true };
  it('finds the cursor in meta.next_cursor, meta.cursor, a top-level next_cursor or a Link header', () => {
    expect(sequelOf({ data: [], meta: { ...more, next_cursor: 'a' } }, {}, 200)).toEqual({ hasMore: true, next: { cursor: 'a' } });
    expect(sequelOf({ data: [], meta: { ...more, cursor: 'b' } }, {}, 200)).toEqual({ hasMore: true, next: { cursor: 'b' } });
    expect(sequelOf({ data: [], meta: more, next_cursor: 'c' }, {}, 200)).toEqual({ hasMore: true, next: { cursor: 'c' } });
    const link = '<https://api.test/v1/generations?limit=3&cursor=d%2Fe>; rel="next", <https://api.test/v1/generations>; rel="first"';
    const linked = sequelOf({ data: [], meta: more }, { link }, 200);
    expect(linked).toEqual({ hasMore: true, next: { url: 'https://api.test/v1/generations?limit=3&cursor=d%2Fe' } });
    expect(cursorOf(linked.next)).toBe('d/e');
  });

  it('believes has_more, and takes a named cursor as more when has_more is absent', () => {
    expect(sequelOf({ data: [], meta: { has_more: false, next_cursor: 'stale' } }, {}, 200)).toEqual({ hasMore: false, next: null });
    expect(sequelOf({ data: [], next_cursor: 'x' }, {}, 200)).toEqual({ hasMore: true, next: { cursor: 'x' } });
    expect(sequelOf({ data: [] }, {}, 200)).toEqual({ hasMore: false, next: null });
  });

  it('says so with a code the page words when a page claims more but names no next page it can read', () => {
    const missing = (() => {
      try {
        sequelOf({ data: [], meta: { has_more: true, next_cursor: null } }, { link: 'not a link header' }, 200);
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(missing).toBeInstanceOf(ServiceError);
    expect((missing as ServiceError).code).toBe('next_page_missing');
    expect(serviceAppError(missing as ServiceError)).toEqual({ code: 'next_page_missing', params: {} });
  });

  it('refuses a next page that is the page just read', () => {
    const repeated = (() => {
      try {
        checkAdvances({ cursor: 'same' }, { cursor: 'same' }, 200);
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(serviceAppError(repeated as ServiceError)).toEqual({ code: 'next_page_repeated', params: {} });
    expect(() => checkAdvances({ cursor: 'one' }, { cursor: 'two' }, 200)).not.toThrow();
    expect(() => checkAdvances(null, { cursor: 'one' }, 200)).not.toThrow();
  });
});

describe('regenerate and revert understood from status and Location (spec 4.1)', () => {
  const regenerate = {
    path: `/v1/characters/${CHARACTER}/regenerate`,
    status: 201,
    headers: { location: `/v1/generations/${GENERATION}` },
  };
  it('reads 201 with only Location as accepted: the character to follow, the generation it runs', () => {
    expect(readRegenerateAnswer(null, regenerate)).toEqual({
      resourceKind: 'character',
      resourceId: CHARACTER,
      creditsUsed: null,
      creditsRemaining: null,
      chargeRef: GENERATION,
      settled: false,
      mirror: null,
    });
  });

  it('reads a 200 recovery in an unfamiliar shape by following the character', () => {
    const answer = readRegenerateAnswer({ result: { finished: true, state: 'completed' } }, { ...regenerate, status: 200 });
    expect(answer).toMatchObject({ resourceKind: 'character', resourceId: CHARACTER, settled: false });
  });

  it('reads a revert 200 with no body as final, for the character of its path', () => {
    expect(readRevertAnswer(null, { path: `/v1/characters/${CHARACTER}/revert`, status: 200, headers: {} })).toEqual({
      resourceKind: 'character',
      resourceId: CHARACTER,
      creditsUsed: null,
      creditsRemaining: null,
      chargeRef: null,
      settled: true,
      mirror: null,
    });
  });
});
