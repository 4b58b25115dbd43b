import type { z } from 'zod';
import type { AppError } from '../../../shared/ipc/index.ts';
import { isDiskFull } from '../library/diskFull.ts';

/** An error meant for a person: a code and a sentence that says what happened and what to do. */
export class AppFailure extends Error {
  readonly code: string;
  readonly field: string | undefined;

  constructor(code: string, message: string, field?: string) {
    super(message);
    this.name = 'AppFailure';
    this.code = code;
    this.field = field;
  }
}

/** Anything thrown by a handler becomes an AppError (a full disk says so); unexpected errors never leak their stack. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppFailure) {
    return error.field === undefined
      ? { code: error.code, message: error.message }
      : { code: error.code, message: error.message, field: error.field };
  }
  if (isDiskFull(error))
    return { code: 'disk_full', message: 'Your disk is full, so Cast Studio could not save this. Free some space, then try again.' };
  return { code: 'internal_error', message: 'Something went wrong inside Cast Studio. Try again; if it keeps happening, restart the app.' };
}

/** The first issue of a failed validation as an AppError that names its field. */
export function invalidInput(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || undefined;
  return {
    code: 'invalid_input',
    message: field ? `${field}: ${issue?.message ?? 'invalid value'}` : (issue?.message ?? 'The request was not valid.'),
    ...(field ? { field } : {}),
  };
}
