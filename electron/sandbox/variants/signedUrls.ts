import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SandboxError } from '../sandboxError.ts';
import type { Variant } from './variant.ts';

/** How long an address stays valid unless the variant names its own (`signed-urls=SECONDS`). */
const DEFAULT_SECONDS = 60;

const REFUSED =
  'This file address has expired or its signature does not match. Read the record again for a fresh address, then download it from there.';

/**
 * `signed-urls`: every CDN address a /v1 answer hands out carries `expires` (Unix seconds) and an
 * HMAC `signature` of the file's name and that time, as presigned storage addresses do; the CDN
 * (and the storage origin it may redirect to) answers 403 after the expiry, or when the signature is
 * missing or wrong. Reading the record again hands out a fresh address. The signing secret lives
 * only as long as the process: after a restart, earlier addresses are refused, as after a key
 * rotation. Addresses sent back as inputs are taken with a valid signature whatever its age.
 */
export function signedUrls(parameter: string | undefined): Variant {
  const seconds = parameter === undefined ? DEFAULT_SECONDS : Number(parameter);
  if (!Number.isInteger(seconds) || seconds <= 0) throw new Error(`signed-urls takes a lifetime in whole seconds, not ${parameter}.`);
  const secret = randomBytes(32);
  const signatureOf = (name: string, expires: string): string => createHmac('sha256', secret).update(`${name}\n${expires}`).digest('hex');
  const signed = (url: URL): boolean => {
    const expires = url.searchParams.get('expires') ?? '';
    const given = Buffer.from(url.searchParams.get('signature') ?? '', 'utf8');
    const wanted = Buffer.from(signatureOf(fileName(url), expires), 'utf8');
    return /^\d{1,12}$/.test(expires) && given.length === wanted.length && timingSafeEqual(given, wanted);
  };
  return {
    name: 'signed-urls',
    allowedBy:
      'spec 2.3-2.5 name a "media URL on the CDN" and spec 4 says nothing of how long such an address stays valid; the service\u2019s file addresses are not shown beyond that',
    cdnAddress: (address, now) => {
      const url = new URL(address);
      const expires = String(Math.floor(now.getTime() / 1000) + seconds);
      url.search = '';
      url.searchParams.set('expires', expires);
      url.searchParams.set('signature', signatureOf(fileName(url), expires));
      return url.href;
    },
    inputAddress: (address) => {
      const url = URL.parse(address);
      if (!url || !signed(url)) return address;
      url.search = '';
      return url.href;
    },
    cdnFile: ({ url, now }) => {
      const expires = Number(url.searchParams.get('expires'));
      if (!signed(url) || expires * 1000 <= now.getTime()) throw new SandboxError('forbidden', REFUSED);
      return undefined;
    },
  };
}

function fileName(url: URL): string {
  return url.pathname.split('/').pop() ?? '';
}
