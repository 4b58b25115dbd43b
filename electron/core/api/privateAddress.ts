// Which network addresses a media download may not reach when the connection's CDN is on the
// public internet: the user's own machine and network. Addresses come from DNS answers and URL
// hosts, already in their canonical text form; anything that does not read as an address is
// treated as private (refused), never guessed at.

/** IPv4 ranges that name this machine or a private network: [first octets as a number, prefix length]. */
const PRIVATE_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", the unspecified address among them
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services answer here)
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // network benchmarking, used inside data centres
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

/** The address as 4 bytes, or null when it is not a dotted-quad IPv4 address. */
export function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number);
}

/** The address as 16 bytes, or null when it is not an IPv6 address (brackets and a zone are allowed). */
export function parseIpv6(text: string): number[] | null {
  const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (!/^[0-9a-fA-F:.]+$/.test(bare) || bare.split('::').length > 2) return null;
  const [head = '', tail] = bare.split('::');
  const groups = (side: string): number[] | null => {
    if (side === '') return [];
    const out: number[] = [];
    const pieces = side.split(':');
    for (const [i, piece] of pieces.entries()) {
      const v4 = i === pieces.length - 1 && piece.includes('.') ? parseIpv4(piece) : null;
      if (v4) out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) out.push(parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  if (!front || !back) return null;
  const missing = 8 - front.length - back.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const words = [...front, ...Array<number>(tail === undefined ? 0 : missing).fill(0), ...back];
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

function inV4Range(bytes: readonly number[], [base, bits]: readonly [string, number]): boolean {
  const start = parseIpv4(base)!;
  for (let bit = 0; bit < bits; bit += 1) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[byte]! & mask) !== (start[byte]! & mask)) return false;
  }
  return true;
}

function privateV4(bytes: readonly number[]): boolean {
  return PRIVATE_V4.some((range) => inV4Range(bytes, range));
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64 or 6to4), or null. */
function embeddedV4(b: readonly number[]): number[] | null {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return b.slice(12); // ::ffff:a.b.c.d
  if (zeros(0, 12) && !zeros(12, 16)) return b.slice(12); // ::a.b.c.d (deprecated "compatible")
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return b.slice(12); // 64:ff9b::/96
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6); // 2002::/16 (6to4)
  return null;
}

function privateV6(b: readonly number[]): boolean {
  if (b.every((x) => x === 0)) return true; // ::, unspecified
  if (b.slice(0, 15).every((x) => x === 0) && b[15] === 1) return true; // ::1, loopback
  if ((b[0]! & 0xfe) === 0xfc) return true; // fc00::/7, unique local
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80) return true; // fe80::/10, link-local
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0xc0) return true; // fec0::/10, the former site-local
  if (b[0] === 0xff) return true; // multicast
  const v4 = embeddedV4(b);
  return v4 !== null && privateV4(v4);
}

/**
 * True when `address` is on this machine or a private network: RFC 1918, carrier-grade NAT,
 * loopback, link-local, unspecified, multicast and reserved ranges, in IPv4, IPv6, and the IPv6
 * forms that carry an IPv4 address (`::ffff:127.0.0.1`). Text that is no address counts as private.
 */
export function isPrivateAddress(address: string): boolean {
  const v4 = parseIpv4(address);
  if (v4) return privateV4(v4);
  const v6 = parseIpv6(address);
  return v6 === null || privateV6(v6);
}

/** True when `host` (a URL's hostname) is written as an address rather than a name. */
export function isAddressLiteral(host: string): boolean {
  return parseIpv4(host) !== null || parseIpv6(host) !== null;
}
