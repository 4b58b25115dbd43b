import { STATUS_CODES } from 'node:http';
import { isObject } from '../validation.ts';
import type { Variant } from './variant.ts';

/** Routes whose errors come as `{ code, message }` at the top level; every other /v1 error is a problem document. */
const FLAT = /^\w+ \/v1\/(generations|audio)(\/|$)/;

/**
 * `problem-errors`: errors in other shapes. Generations and audio answer `{ code, message }` at the
 * top level; everything else answers RFC 9457 `application/problem+json`
 * (`{ type, title, status, detail, code }`). `invalid_cursor` is 422 instead of 400.
 */
export function problemErrors(): Variant {
  return {
    name: 'problem-errors',
    allowedBy: 'spec 7: "Body shape of an error response: not shown." and "Status of `invalid_cursor`: not shown."',
    error: (reply, _error, at) => {
      if (!isObject(reply.body) || !isObject(reply.body.error)) return reply;
      const { code, message } = reply.body.error;
      const status = code === 'invalid_cursor' ? 422 : reply.status;
      if (FLAT.test(at.route)) return { ...reply, status, body: { code, message } };
      return {
        status,
        headers: { ...reply.headers, 'Content-Type': 'application/problem+json' },
        body: { type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail: message, code },
      };
    },
  };
}
