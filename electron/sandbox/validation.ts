import type { z } from 'zod';
import { SandboxError } from './sandboxError.ts';

/**
 * Parses `value` with a shared schema; the first issue becomes a `validation_error` that names its
 * field (decision, docs/service-decisions.md: field validation failures).
 */
export function parseValid<T extends z.ZodType>(schema: T, value: unknown, prefix = ''): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new SandboxError('validation_error', 'The request is not valid.', prefix || 'body');
  let path: PropertyKey[] = [...issue.path];
  // An unknown key is reported on the key itself, not on its parent object.
  if (issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined) path = [...path, issue.keys[0]];
  const field = fieldName(path, prefix);
  throw new SandboxError('validation_error', describe(field, issue), field);
}

function describe(field: string, issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `The field ${field} is not accepted here; remove it.`;
  if (issue.code === 'invalid_type' && issue.input === undefined) return `The field ${field} is required.`;
  return `The field ${field} is not valid: ${issue.message}`;
}

/** Turns a zod issue path into the dotted field name the error body carries. */
export function fieldName(path: readonly PropertyKey[], prefix = ''): string {
  const parts = path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p)));
  const joined = parts.reduce((acc, part) => (part.startsWith('[') || acc === '' ? acc + part : `${acc}.${part}`), '');
  if (!prefix) return joined || 'body';
  return joined ? (joined.startsWith('[') ? prefix + joined : `${prefix}.${joined}`) : prefix;
}

/** A JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
