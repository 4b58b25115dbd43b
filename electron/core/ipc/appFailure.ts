import type { z } from 'zod';
import {
  APP_ERROR_PARAMS,
  appError,
  isAppErrorCode,
  type AppError,
  type AppErrorCode,
  type AppErrorParams,
  type InputProblem,
} from '../../../shared/ipc/index.ts';
import { isKnownErrorCode, ServiceError } from '../api/serviceError.ts';
import { isDiskFull } from '../library/diskFull.ts';

/**
 * An error meant for a person, as a code and the parameters its words need: the page words it in
 * the person's language. `message` is an English line for core's log only, never shown.
 */
export class AppFailure<C extends AppErrorCode = AppErrorCode> extends Error {
  readonly code: C;
  readonly params: AppErrorParams[C];
  readonly field: string | undefined;
  /** The service's own words, when this failure carries them on from a service or the sandbox. */
  readonly serviceMessage: string | undefined;

  constructor(
    code: C,
    params: AppErrorParams[C],
    options: { field?: string | undefined; log?: string; serviceMessage?: string | undefined } = {},
  ) {
    super(options.log ?? options.serviceMessage ?? `${code} ${JSON.stringify(params)}`);
    this.name = 'AppFailure';
    this.code = code;
    this.params = params;
    this.field = options.field;
    this.serviceMessage = options.serviceMessage;
  }

  /** An error that arrived as an AppError (from the shell, or another process) thrown on as it came. */
  static from(error: AppError): AppFailure {
    return new AppFailure(error.code, error.params, { field: error.field, serviceMessage: error.serviceMessage });
  }

  toAppError(): AppError {
    return appError(this.code, this.params, { field: this.field, serviceMessage: this.serviceMessage });
  }
}

/** Anything thrown by a handler becomes an AppError (a full disk says so); unexpected errors never leak their stack. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppFailure) return error.toAppError();
  if (error instanceof ServiceError) return serviceAppError(error);
  if (isDiskFull(error)) return appError('disk_full', { when: 'save' });
  return appError('internal_error', {});
}

/**
 * A service's refusal as the page is told it: the code when Cast Studio knows it, else what its
 * status means; the service's own words ride along where our words cannot say what it said
 * (a validation detail, a state, a code Cast Studio does not know).
 */
export function serviceAppError(error: ServiceError): AppError {
  // A service's code is known when the service's table has it: one that happens to name a code of
  // Cast Studio's own (`invalid_request`) is still the service's, understood by its status.
  const known = error.status > 0 ? isKnownErrorCode(error.code) : isAppErrorCode(error.code);
  const code = known ? error.code : error.meaning;
  const speaks = error.status > 0 && (!known || code === 'validation_error' || code === 'invalid_state');
  return codedError(code, { field: error.field, serviceMessage: speaks ? error.serviceMessage : null });
}

/** A failure a service named by its code (the sandbox's own API), its words quoted; a code Cast Studio does not know is `fallback`. */
export function serviceFailure(code: string, fallback: AppErrorCode, serviceMessage: string | null, { log }: { log: string }): AppFailure {
  const error = codedError(isAppErrorCode(code) ? code : fallback, { serviceMessage });
  return new AppFailure(error.code, error.params, { field: error.field, serviceMessage: error.serviceMessage, log });
}

/** The error of a code with the parameters a bare code stands for (a service's answer fills in none). */
function codedError(code: string, extra: { field?: string | undefined; serviceMessage?: string | null }): AppError {
  const known: AppErrorCode = isAppErrorCode(code) ? code : 'internal_error';
  const params = APP_ERROR_PARAMS[known].safeParse(SERVICE_DEFAULTS[known] ?? {});
  return params.success ? appError(known, params.data as never, extra) : appError('internal_error', {});
}

/** The parameters a code stands for when only the code is known (a service's answer fills in none). */
export function bareParams(code: AppErrorCode): unknown {
  return SERVICE_DEFAULTS[code] ?? {};
}

/** The parameters of codes a service answer does not fill in. */
const SERVICE_DEFAULTS: Partial<Record<AppErrorCode, unknown>> = {
  not_found: { what: 'service_item' },
  quote_not_approved: { state: 'pending' },
  offline: { doing: 'send' },
};

/** The first issue of a failed validation as an AppError that names its field and what is wrong with it. */
export function invalidInput(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || undefined;
  const { problem, limit } = issue ? problemOf(issue) : { problem: 'not_valid' as const, limit: undefined };
  // A size refusal names its limit; without one it is just not valid.
  if (limit === undefined) return appError('invalid_input', { problem: problem.startsWith('too_') ? 'not_valid' : problem }, { field });
  return appError('invalid_input', { problem, limit }, { field });
}

function problemOf(issue: z.core.$ZodIssue): { problem: InputProblem; limit?: number } {
  const bound = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined);
  switch (issue.code) {
    case 'too_big':
      return { problem: issue.origin === 'string' || issue.origin === 'array' ? 'too_long' : 'too_large', limit: bound(issue.maximum) };
    case 'too_small':
      return { problem: issue.origin === 'string' || issue.origin === 'array' ? 'too_short' : 'too_small', limit: bound(issue.minimum) };
    case 'invalid_type':
      return { problem: 'wrong_type' };
    case 'invalid_value':
    case 'unrecognized_keys':
    case 'invalid_key':
      return { problem: 'not_allowed' };
    case 'invalid_format':
      return { problem: 'bad_format' };
    default:
      return { problem: 'not_valid' };
  }
}
