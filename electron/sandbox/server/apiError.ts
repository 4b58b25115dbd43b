import { ERROR_STATUS, errorBody } from '../../../shared/api/index.ts';
import type { SandboxError } from '../sandboxError.ts';
import type { Reply } from './http.ts';

/** The HTTP status a refusal answers with (spec 7). */
export function statusOf(error: SandboxError): number {
  return error.status ?? ERROR_STATUS[error.code];
}

/** A refusal as an HTTP answer: its status, the documented error body `{ error: { code, message, field? } }`, and Retry-After. */
export function errorReply(error: SandboxError): Reply {
  const headers: Record<string, string> = error.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(error.retryAfterSeconds) };
  return { status: statusOf(error), body: errorBody(error.code, error.message, error.field), headers };
}
