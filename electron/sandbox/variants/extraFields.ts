import { randomUUID } from 'node:crypto';
import { isObject } from '../validation.ts';
import type { Variant } from './variant.ts';

/** Codes the client has never seen, sent in place of two of the sandbox's 4xx codes (same status). */
const UNKNOWN_CODES: Readonly<Record<string, string>> = {
  validation_error: 'parameter_invalid',
  insufficient_credits: 'balance_insufficient',
};

/**
 * `extra-fields`: every record, every `meta` and every error body carries fields the spec does not
 * name, and two 4xx answers carry an error code the client does not know.
 */
export function extraFields(): Variant {
  return {
    name: 'extra-fields',
    allowedBy:
      'spec 2.2-2.5: "Other fields of the … record: not shown."; spec 7: "Body shape of an error response: not shown."; spec 9 (decision 28): fields may be added within a version',
    reply: (reply, at) => {
      if (!isObject(reply.body)) return reply;
      const object = at.route.split(' ')[1]?.split('/')[2] ?? 'record';
      const body: Record<string, unknown> = {
        ...reply.body,
        meta: { ...(isObject(reply.body.meta) ? reply.body.meta : {}), request_id: randomUUID(), api_revision: '2026-11-01' },
      };
      if ('data' in body) body.data = withExtras(body.data, object);
      return { ...reply, body };
    },
    error: (reply) => {
      if (!isObject(reply.body) || !isObject(reply.body.error)) return reply;
      const error = reply.body.error;
      const code = String(error.code);
      return {
        ...reply,
        body: {
          error: {
            ...error,
            code: UNKNOWN_CODES[code] ?? code,
            request_id: randomUUID(),
            details: [
              {
                reason: code,
                ...(typeof error.field === 'string' ? { location: error.field } : {}),
                help_url: 'https://docs.invalid/errors',
              },
            ],
          },
        },
      };
    },
  };
}

function withExtras(data: unknown, object: string): unknown {
  if (Array.isArray(data)) return data.map((item) => withExtras(item, object));
  if (!isObject(data)) return data;
  // spec 4.4: the voice list's data holds two arrays of records.
  if (Array.isArray(data.voices) && Array.isArray(data.presets)) {
    return {
      ...data,
      voices: withExtras(data.voices, object),
      presets: withExtras(data.presets, object),
      total_voices: data.voices.length,
    };
  }
  return { ...data, object, revision: 1, metadata: { region: 'loopback-1', labels: [] } };
}
