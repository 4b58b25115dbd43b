// What a file's address says about itself when its storage signs it: which query parameters are
// the signature (not part of which file it is) and when it stops being valid.

/** Query parameters that sign an address rather than name a file (S3, CloudFront, GCS, Azure, and the usual plain names). */
const SIGNING = new Set(
  [
    'x-amz-algorithm',
    'x-amz-credential',
    'x-amz-date',
    'x-amz-expires',
    'x-amz-signedheaders',
    'x-amz-signature',
    'x-amz-security-token',
    'awsaccesskeyid',
    'key-pair-id',
    'policy',
    'x-goog-algorithm',
    'x-goog-credential',
    'x-goog-date',
    'x-goog-expires',
    'x-goog-signedheaders',
    'x-goog-signature',
    'googleaccessid',
    'sv',
    'ss',
    'srt',
    'sp',
    'se',
    'st',
    'spr',
    'sig',
    'sr',
    'expires',
    'exp',
    'signature',
    'token',
  ].map((name) => name.toLowerCase()),
);

/** Parameters that name a signature itself: an address carrying one is signed. */
const SIGNATURE = new Set(['x-amz-signature', 'x-goog-signature', 'signature', 'sig', 'token', 'policy']);

/** Any base, so that a source kept relative to the CDN parses the same way as a whole address. */
const RELATIVE_BASE = 'https://relative.invalid/';

function parse(source: string): URL | null {
  return URL.parse(source, RELATIVE_BASE);
}

/**
 * Which file an address names, without its signature: two addresses of the same file signed at
 * different times have the same identity, so a fresh signature is never a new download.
 */
export function sourceIdentity(source: string): string {
  const url = parse(source);
  if (!url || url.search === '' || !source.includes('?')) return source;
  const kept = [...url.searchParams].filter(([name]) => !SIGNING.has(name.toLowerCase()));
  const query = new URLSearchParams(kept).toString();
  const path = source.slice(0, source.indexOf('?'));
  return query ? `${path}?${query}` : path;
}

/** Whether the address carries a signature (and so may stop being valid). */
export function isSigned(source: string): boolean {
  const url = parse(source);
  return url !== null && [...url.searchParams.keys()].some((name) => SIGNATURE.has(name.toLowerCase()));
}

/**
 * When the address says it stops being valid (ms since the epoch), or null when it does not say:
 * `X-Amz-Date` + `X-Amz-Expires` (and Google's), `Expires`/`expires`/`exp` in Unix seconds, Azure's `se`.
 */
export function statedExpiry(source: string): number | null {
  const url = parse(source);
  if (!url || url.search === '') return null;
  const param = (name: string): string | null => {
    for (const [key, value] of url.searchParams) if (key.toLowerCase() === name) return value;
    return null;
  };
  for (const vendor of ['amz', 'goog']) {
    const date = param(`x-${vendor}-date`);
    const seconds = Number(param(`x-${vendor}-expires`));
    const signedAt = date ? compactDate(date) : null;
    if (signedAt !== null && Number.isFinite(seconds) && seconds > 0) return signedAt + seconds * 1000;
  }
  const epoch = Number(param('expires') ?? param('exp'));
  if (Number.isFinite(epoch) && epoch > 0) return epoch > 1e12 ? epoch : epoch * 1000;
  const azure = Date.parse(param('se') ?? '');
  return Number.isFinite(azure) ? azure : null;
}

/** `20261201T231500Z` (SigV4's date) as ms since the epoch. */
function compactDate(value: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) : null;
}

/**
 * A stated expiry this close is treated as passed (the request must reach the CDN before it, on a
 * clock that may differ a little from ours); for an address that lived less than four times this
 * long, a quarter of its life.
 */
export const EXPIRY_MARGIN_MS = 5_000;

/** How long a signed address that states no expiry is trusted after it was received. */
export const SIGNED_SAFE_AGE_MS = 10 * 60_000;

/**
 * Whether the address should be read again from the service before it is used: its stated expiry
 * is (nearly) past, or it is signed, states no expiry and was received longer ago than a signed
 * address is safely kept. An unsigned address without an expiry is used as it is; a refusal
 * still refreshes it.
 */
export function needsFreshSource(source: string, receivedAt: number, now: number): boolean {
  const expiry = statedExpiry(source);
  if (expiry !== null) return expiry - Math.min(EXPIRY_MARGIN_MS, Math.max(0, (expiry - receivedAt) / 4)) <= now;
  return isSigned(source) && now - receivedAt >= SIGNED_SAFE_AGE_MS;
}

/** Of two addresses of the same file, the one valid longer (the second when neither says). */
export function longerLived(current: string, offered: string): string {
  const a = statedExpiry(current);
  const b = statedExpiry(offered);
  return a !== null && b !== null && a > b ? current : offered;
}
