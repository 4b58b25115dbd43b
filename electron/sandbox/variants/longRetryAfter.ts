import type { Variant } from './variant.ts';

const WAIT_SECONDS = 90;

/** `long-retry-after`: a 429 asks for 90 s, said in seconds and as an HTTP date in turn. */
export function longRetryAfter(): Variant {
  let asDate = false;
  return {
    name: 'long-retry-after',
    allowedBy: 'spec 8: "Rate limits: not shown."',
    error: (reply, _error, at) => {
      if (reply.status !== 429) return reply;
      asDate = !asDate;
      const value = asDate ? new Date(at.now.getTime() + WAIT_SECONDS * 1000).toUTCString() : String(WAIT_SECONDS);
      return { ...reply, headers: { ...reply.headers, 'Retry-After': value } };
    },
  };
}
