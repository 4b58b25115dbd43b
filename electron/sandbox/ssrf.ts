import { SandboxError } from './sandboxError.ts';
import type { CdnObject, CdnStore, MediaKind } from './cdnStore.ts';

const CDN_NAME = /^[0-9a-f]{64}\.(png|jpg|webp|wav|mp3|ogg|mp4|webm)$/;

/**
 * spec 4 general rules: every URL field is checked against server-side request forgery. The only
 * trusted host is the sandbox CDN, and a URL is accepted only in the exact canonical form the CDN
 * itself hands out (`https://127.0.0.1:PORT/cdn/<sha256>.<ext>`), checked on the raw text before
 * any parser can normalize it: so decimal, octal, hex, IPv6 or mixed-case host spellings,
 * userinfo, percent-encoding, dot segments, queries and fragments never reach a lookup.
 * Returns the reason it is refused, or null.
 */
export function ssrfReason(value: string, cdnBase: string): string | null {
  if (value.length > 2048) return 'is too long';
  // Control characters are exactly what this rejects, so the regex must name them.
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(value)) return 'contains whitespace, control characters or backslashes';
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(value)?.[1];
  if (scheme === undefined) return 'is not an absolute URL';
  if (scheme !== 'https') return 'must use https (HTTPS only)';
  if (!value.startsWith('https://')) return 'is not an absolute https:// URL';
  const rest = value.slice('https://'.length);
  const slash = rest.indexOf('/');
  const authority = slash === -1 ? rest : rest.slice(0, slash);
  const path = slash === -1 ? '' : rest.slice(slash);
  if (authority.includes('@')) return 'must not carry user information';
  const trusted = new URL(cdnBase);
  if (authority !== trusted.host) return `must point at the service CDN (${trusted.host}), a trusted host`;
  if (value.includes('%')) return 'must not be percent-encoded';
  if (value.includes('?') || value.includes('#')) return 'must not carry a query or fragment';
  const prefix = `${trusted.pathname.replace(/\/$/, '')}/`;
  if (!path.startsWith(prefix)) return `must be a CDN object under ${prefix}`;
  const name = path.slice(prefix.length);
  if (!CDN_NAME.test(name)) return 'must name one CDN object (<sha256>.<ext>)';
  // Defence in depth: the WHATWG parser must agree that this is already canonical.
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return 'is not a valid URL';
  }
  if (parsed.href !== value || parsed.host !== trusted.host) return 'is not in canonical form';
  return null;
}

export type AssetRef = { field: string; object: CdnObject };

/**
 * Checks one URL field: SSRF first, then that it names an existing object the caller owns
 * (an upload or an earlier output) of the expected media kind.
 */
export function checkAssetUrl(cdn: CdnStore, userId: string, value: string, field: string, kinds: readonly MediaKind[]): AssetRef {
  const reason = ssrfReason(value, cdn.baseUrl);
  if (reason)
    throw new SandboxError(
      'validation_error',
      `The URL in ${field} ${reason}. Upload the file with POST /v1/uploads and use the URL it returns.`,
      field,
    );
  const object = cdn.fromUrl(value);
  if (!object || !cdn.ownedBy(userId, object.sha256)) {
    throw new SandboxError(
      'validation_error',
      `The URL in ${field} is not a file you uploaded. Upload it with POST /v1/uploads first.`,
      field,
    );
  }
  const kind = object.contentType.split('/')[0];
  if (!kinds.some((k) => k === kind)) {
    throw new SandboxError(
      'validation_error',
      `The file in ${field} is ${object.contentType}; this field takes ${kinds.join(' or ')}.`,
      field,
    );
  }
  return { field, object };
}

/** The URL-carrying fields of spec 4 (general rules), wherever they appear in a body. */
const URL_FIELDS = new Set([
  'reference_image_urls',
  'reference_images',
  'start_frame',
  'input_image',
  'reference_video',
  'audio_url',
  'reference_audio',
  'source_url',
]);

/**
 * Checks the raw text of every URL field before schema parsing, which trims whitespace and
 * strips tabs and newlines: a hostile spelling is refused as sent, never silently repaired.
 */
export function checkRawUrlFields(value: unknown, cdnBase: string, path = ''): void {
  if (value === null || typeof value !== 'object') return;
  for (const [key, v] of Object.entries(value)) {
    const here = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (!Array.isArray(value) && URL_FIELDS.has(key)) {
      const items = Array.isArray(v) ? v.map((item, i) => [item, `${here}[${i}]`] as const) : [[v, here] as const];
      for (const [item, field] of items) {
        const reason = typeof item === 'string' ? ssrfReason(item, cdnBase) : null;
        if (reason)
          throw new SandboxError(
            'validation_error',
            `The URL in ${field} ${reason}. Upload the file with POST /v1/uploads and use the URL it returns.`,
            field,
          );
      }
    } else {
      checkRawUrlFields(v, cdnBase, here);
    }
  }
}
