import type { Variant } from './variant.ts';

/**
 * `no-capabilities`: no `GET /v1/capabilities` (404), and paid requests do not read a `Quote-Id`
 * header (a quote stays an estimate; the charge is the price in force).
 */
export function noCapabilities(): Variant {
  return {
    name: 'no-capabilities',
    allowedBy: 'spec 4.3: "The capability catalog itself … not shown."; the `Quote-Id` header is the sandbox\'s decision, not the spec\'s',
    hiddenRoutes: ['GET /v1/capabilities'],
    request: ({ method, headers }) => {
      if (method === 'POST') delete headers['quote-id'];
    },
  };
}
