import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import type { buildConnector } from 'undici';
import { isAddressLiteral, isPrivateAddress } from './privateAddress.ts';

/** How names are resolved: Node's `dns.lookup`, or a test's own. */
export type Lookup = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: Error | null, addresses: LookupAddress[]) => void,
) => void;

/** What the guard is told about a connection: its CDN (whose own address decides whether the guard is on) and its API. */
export type AddressRule = {
  cdnUrl: string;
  /** The service's API address, set by the creator: always reachable, wherever it is. */
  apiUrl: string;
  lookup?: Lookup;
};

/** Code of the error a refused address raises (the downloader reads it to fail the file for good). */
export const ADDRESS_REFUSED = 'CAST_PRIVATE_ADDRESS_REFUSED';

/** A private address refused for a service on the internet: the page is told `host` and `address`; the message is the log's. */
export class AddressRefusedError extends Error {
  readonly code = ADDRESS_REFUSED;
  readonly host: string;
  readonly address: string;

  constructor(host: string, address: string) {
    super(`private address refused: ${host} resolves to ${address}`);
    this.name = 'AddressRefusedError';
    this.host = host;
    this.address = address;
  }
}

/** The host and address refused, when `error` (or what caused it) is a refused address; else null. */
export function addressRefusal(error: unknown): { host: string; address: string } | null {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    if (!('code' in e) || e.code !== ADDRESS_REFUSED) continue;
    const { host, address } = e as Partial<AddressRefusedError>;
    return { host: String(host ?? ''), address: String(address ?? '') };
  }
  return null;
}

/** True when `error` (or what caused it) is a refused address. */
export function isAddressRefused(error: unknown): boolean {
  return addressRefusal(error) !== null;
}

type Connect = buildConnector.connector;

/** A connector (undici's `connect`) whose every connection passes the guard of `rule`. */
export function guardedConnector(
  build: typeof buildConnector,
  options: buildConnector.BuildOptions,
  rule: AddressRule,
  systemLookup: Lookup,
): Connect {
  const guard = new AddressGuard(rule, systemLookup);
  return guard.wrap(build({ ...options, lookup: guard.lookup }));
}

/**
 * The guard of one connection, applied by its dispatcher to every connection it opens (so to every
 * hop of a redirect too). Off when the CDN itself is on this machine or a private network (the
 * embedded sandbox, a studio's own server): then private addresses are where media live.
 * Otherwise every address a name resolves to is checked in the very lookup the socket connects
 * with, so a name cannot resolve to a public address for a check and a private one for the
 * connection (DNS rebinding); addresses written in the URL are checked before connecting.
 */
export class AddressGuard {
  private readonly resolve: Lookup;
  private readonly apiHost: string;
  private readonly cdnHost: string;
  /** Whether the CDN is on a private address: settled once its name resolved. */
  private cdnPrivate: boolean | null = null;

  constructor(rule: AddressRule, systemLookup: Lookup) {
    this.resolve = rule.lookup ?? systemLookup;
    this.apiHost = bare(new URL(rule.apiUrl).hostname);
    this.cdnHost = bare(new URL(rule.cdnUrl).hostname);
  }

  /** The `lookup` for the socket: refuses a name any of whose addresses is private (while the guard is on). */
  readonly lookup = (
    hostname: string,
    options: LookupOneOptions | LookupAllOptions,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    this.resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      void this.refusal(
        hostname,
        addresses.map((a) => a.address),
      ).then((refused) => {
        if (refused) return callback(refused, []);
        if (options.all) return callback(null, addresses);
        const first = addresses[0];
        if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
        callback(null, first.address, first.family);
      });
    });
  };

  /** Wraps a connector so an address written in the URL (which needs no lookup) is checked too. */
  wrap(connect: Connect): Connect {
    return (options, callback) => {
      const host = bare(options.hostname);
      if (!isAddressLiteral(host)) return connect(options, callback);
      void this.refusal(host, [host]).then((refused) => {
        if (refused) callback(refused, null);
        else connect(options, callback);
      });
    };
  }

  private async refusal(host: string, addresses: readonly string[]): Promise<AddressRefusedError | null> {
    if (bare(host) === this.apiHost) return null;
    const privateOne = addresses.find(isPrivateAddress);
    if (privateOne === undefined) return null;
    return (await this.cdnIsPrivate()) ? null : new AddressRefusedError(host, privateOne);
  }

  /** Whether the connection's CDN is itself on a private address (asked again until its name resolves). */
  private async cdnIsPrivate(): Promise<boolean> {
    if (this.cdnPrivate !== null) return this.cdnPrivate;
    if (isAddressLiteral(this.cdnHost)) return (this.cdnPrivate = isPrivateAddress(this.cdnHost));
    const addresses = await new Promise<string[] | null>((done) =>
      this.resolve(this.cdnHost, { all: true }, (error, found) => done(error ? null : found.map((a) => a.address))),
    );
    // A CDN that cannot be resolved now is not taken for a private one: the guard stays on.
    if (addresses === null) return false;
    return (this.cdnPrivate = addresses.length > 0 && addresses.every(isPrivateAddress));
  }
}

/** A hostname without the brackets of an IPv6 address. */
function bare(host: string): string {
  return host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}
