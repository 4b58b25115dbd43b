import type { z } from 'zod';
import { ApiError, fieldName } from './apiError.ts';

/**
 * Parses `value` with a shared schema; the first issue becomes a 400 `validation_error` that names
 * its field (decision, docs/service-decisions.md: field validation failures).
 */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown, prefix = ''): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new ApiError('validation_error', 'The request is not valid.', prefix || 'body');
  let path: PropertyKey[] = [...issue.path];
  // An unknown key is reported on the key itself, not on its parent object.
  if (issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined) path = [...path, issue.keys[0]];
  const field = fieldName(path, prefix);
  throw new ApiError('validation_error', describe(field, issue), field);
}

function describe(field: string, issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `The field ${field} is not accepted here; remove it.`;
  if (issue.code === 'invalid_type' && issue.input === undefined) return `The field ${field} is required.`;
  return `The field ${field} is not valid: ${issue.message}`;
}
