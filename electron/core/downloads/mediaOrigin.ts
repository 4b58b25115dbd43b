// Where media may be fetched from: the connection's CDN, and (hop by hop) where it redirects.
// Checked on the address before any request, so a record naming another host costs that host
// nothing, not even a connection. Which addresses a name may lead to is the dispatcher's address
// guard (api/addressGuard.ts), applied to every connection, redirect hops included.
import type { AppError } from '../../../shared/ipc/index.ts';

/** Why a record's file address is refused (a code the page words), or null when it is on the CDN. */
export function sourceRefusal(address: URL, cdnUrl: string): AppError | null {
  const cdn = new URL(cdnUrl);
  const scheme = schemeRefusal(address, cdn);
  if (scheme) return scheme;
  if (address.origin !== cdn.origin)
    return { code: 'download_source_refused', params: { why: 'not_cdn', host: address.host, cdnHost: cdn.host } };
  return null;
}

/**
 * Whether a redirect from `from` to `to` may be followed (null), or why not: the next hop may be
 * another host (a storage origin the CDN sends to), but never a downgrade to plain HTTP on an
 * HTTPS connection, never credentials in the address, and never anything but http(s).
 */
export function hopRefusal(from: URL, to: URL, cdnUrl: string): AppError | null {
  const cdn = new URL(cdnUrl);
  return schemeRefusal(to, cdn) ?? (from.protocol === 'https:' && to.protocol !== 'https:' ? plainHttp(to) : null);
}

function schemeRefusal(address: URL, cdn: URL): AppError | null {
  if (address.protocol !== 'https:' && address.protocol !== 'http:')
    return { code: 'download_source_refused', params: { why: 'scheme', scheme: address.protocol.replace(/:$/, '').slice(0, 40) } };
  if (cdn.protocol === 'https:' && address.protocol !== 'https:') return plainHttp(address);
  if (address.username || address.password) return { code: 'download_source_refused', params: { why: 'credentials' } };
  return null;
}

function plainHttp(address: URL): AppError {
  return { code: 'download_source_refused', params: { why: 'plain_http', host: address.host } };
}
