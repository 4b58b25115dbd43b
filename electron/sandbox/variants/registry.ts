import { cdnRedirect } from './cdnRedirect.ts';
import { extraFields } from './extraFields.ts';
import { longRetryAfter } from './longRetryAfter.ts';
import { minimalAccept } from './minimalAccept.ts';
import { noCapabilities } from './noCapabilities.ts';
import { noUpdatedAfter } from './noUpdatedAfter.ts';
import { noUploads } from './noUploads.ts';
import { opaqueCursors } from './opaqueCursors.ts';
import { otherEnvelope } from './otherEnvelope.ts';
import { problemErrors } from './problemErrors.ts';
import { shortIdempotency } from './shortIdempotency.ts';
import { signedUrls } from './signedUrls.ts';
import { strictScopes } from './strictScopes.ts';
import type { Variant } from './variant.ts';
import { VariantSet } from './variantSet.ts';

/**
 * Every variant by name, in the order their hooks apply: cursors are made opaque before another
 * envelope moves them, and error bodies gain extra fields before another shape is chosen.
 */
const VARIANTS: Readonly<Record<string, (parameter: string | undefined) => Variant>> = {
  'minimal-accept': minimalAccept,
  'opaque-cursors': opaqueCursors,
  'other-envelope': otherEnvelope,
  'extra-fields': extraFields,
  'problem-errors': problemErrors,
  'no-updated-after': noUpdatedAfter,
  'long-retry-after': longRetryAfter,
  'no-uploads': noUploads,
  'no-capabilities': noCapabilities,
  'strict-scopes': strictScopes,
  'short-idempotency': shortIdempotency,
  // A file's signature is checked before the CDN redirects it to storage.
  'signed-urls': signedUrls,
  'cdn-redirect': cdnRedirect,
};

export const VARIANT_NAMES: readonly string[] = Object.keys(VARIANTS);

/** Reads `NAME[=VALUE]` items (`--variant a,b` or repeated); an unknown name throws a sentence that lists the known ones. */
export function variantSetOf(items: readonly string[]): VariantSet {
  const asked = new Map<string, string | undefined>();
  for (const item of items
    .flatMap((i) => i.split(','))
    .map((i) => i.trim())
    .filter(Boolean)) {
    const [name = '', value] = item.split('=', 2);
    if (!VARIANTS[name]) throw new Error(`There is no service variant named ${name}; the variants are ${VARIANT_NAMES.join(', ')}.`);
    asked.set(name, value);
  }
  return new VariantSet(
    VARIANT_NAMES.filter((n) => asked.has(n)).map((n) => (VARIANTS[n] as (p: string | undefined) => Variant)(asked.get(n))),
  );
}
