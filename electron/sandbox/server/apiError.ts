import { ERROR_STATUS, errorBody, type ErrorBody, type ErrorCode } from '../../../shared/api/index.ts';

/** A refusal with the documented error body `{ error: { code, message, field? } }` (spec 7). */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, field?: string, headers: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.field = field;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  body(): ErrorBody {
    return errorBody(this.code, this.message, this.field);
  }
}

export const notFound = (what: string, field?: string): ApiError =>
  new ApiError('not_found', `No ${what} with this id exists in your account.`, field);

/** Turns a zod issue path into the dotted field name the error body carries. */
export function fieldName(path: readonly PropertyKey[], prefix = ''): string {
  const parts = path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p)));
  const joined = parts.reduce((acc, part) => (part.startsWith('[') || acc === '' ? acc + part : `${acc}.${part}`), '');
  if (!prefix) return joined || 'body';
  return joined ? (joined.startsWith('[') ? prefix + joined : `${prefix}.${joined}`) : prefix;
}
