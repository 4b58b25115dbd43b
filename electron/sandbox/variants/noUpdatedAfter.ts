import type { Variant } from './variant.ts';

/** `no-updated-after`: the generations list ignores `updated_after` (not in spec 4.2) instead of applying it. */
export function noUpdatedAfter(): Variant {
  return {
    name: 'no-updated-after',
    allowedBy: 'spec 4.2 lists the filters type, character_id, status, cursor and limit; `updated_after` is not among them',
    request: ({ route, query }) => {
      if (route === 'GET /v1/generations') query.delete('updated_after');
    },
  };
}
