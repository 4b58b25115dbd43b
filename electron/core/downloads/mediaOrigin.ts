// Where media may be fetched from: the connection's CDN, and (hop by hop) where it redirects.
// Checked on the address before any request, so a record naming another host costs that host
// nothing, not even a connection. Which addresses a name may lead to is the dispatcher's address
// guard (api/addressGuard.ts), applied to every connection, redirect hops included.

/** Why a record's file address is refused (a sentence for the creator), or null when it is on the CDN. */
export function sourceRefusal(address: URL, cdnUrl: string): string | null {
  const cdn = new URL(cdnUrl);
  const scheme = schemeRefusal(address, cdn);
  if (scheme) return scheme;
  if (address.origin !== cdn.origin)
    return `The service named ${address.host} for this file, not its CDN (${cdn.host}), so Cast Studio did not fetch it.`;
  return null;
}

/**
 * Whether a redirect from `from` to `to` may be followed (null), or why not: the next hop may be
 * another host (a storage origin the CDN sends to), but never a downgrade to plain HTTP on an
 * HTTPS connection, never credentials in the address, and never anything but http(s).
 */
export function hopRefusal(from: URL, to: URL, cdnUrl: string): string | null {
  const cdn = new URL(cdnUrl);
  return schemeRefusal(to, cdn) ?? (from.protocol === 'https:' && to.protocol !== 'https:' ? PLAIN_HTTP(to) : null);
}

function schemeRefusal(address: URL, cdn: URL): string | null {
  if (address.protocol !== 'https:' && address.protocol !== 'http:')
    return `The service named a ${address.protocol.replace(/:$/, '')} address for this file; Cast Studio fetches media over HTTPS only.`;
  if (cdn.protocol === 'https:' && address.protocol !== 'https:') return PLAIN_HTTP(address);
  if (address.username || address.password)
    return 'The service named an address with a user name or password in it for this file, so Cast Studio did not fetch it.';
  return null;
}

const PLAIN_HTTP = (address: URL) =>
  `The service named a plain HTTP address (${address.host}) for this file on a secure connection, so Cast Studio did not fetch it.`;
