import type { Dispatcher } from 'undici';
import { guardedConnector, type AddressRule } from './addressGuard.ts';

/**
 * What core asks of a dispatcher: requests, and closing its connections when a profile is left.
 * An undici Agent is one (tests hand core theirs); createProfileDispatcher makes core's own.
 */
export type ServiceDispatcher = {
  request(options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  close(): Promise<void>;
};

/**
 * One undici Agent per profile. An Agent keeps one keep-alive Pool per origin (the API origin and
 * the CDN origin each get their own), so connections are reused across requests and polls.
 *
 * Trust: the sandbox profile trusts exactly the certificate its sandbox printed and nothing else;
 * a remote profile trusts the public roots plus its optional extra CA. Verification is never off,
 * and the extra trust lives in this profile's dispatcher only, never in a global one.
 *
 * With `addresses`, every connection (each hop of a redirect included) passes the address guard:
 * for a connection whose CDN is on the internet, no name or address leads to this computer or its
 * private network (see addressGuard.ts).
 *
 * undici (and Node's TLS module, for the public roots) is loaded with the first request, not with
 * core: loading undici takes about 100 ms of a core on a 2-core machine, the TLS module ~15 ms, and
 * at start core has a library to open and a first screen to answer before anything needs the network.
 */
export function createProfileDispatcher(
  trust: { kind: 'sandbox'; caPem: string } | { kind: 'remote'; extraCaPem: string | null },
  addresses?: AddressRule,
): ServiceDispatcher {
  let agent: Promise<Dispatcher> | null = null;
  const loaded = () =>
    (agent ??= Promise.all([import('undici'), import('node:tls'), import('node:dns')]).then(([undici, { rootCertificates }, dns]) => {
      const ca = trust.kind === 'sandbox' ? [trust.caPem] : trust.extraCaPem ? [...rootCertificates, trust.extraCaPem] : undefined;
      const tls = { ...(ca ? { ca } : {}), rejectUnauthorized: true, timeout: 10_000 };
      return new undici.Agent({
        connections: 8,
        keepAliveTimeout: 30_000,
        keepAliveMaxTimeout: 600_000,
        headersTimeout: 30_000,
        bodyTimeout: 60_000,
        connect: addresses
          ? guardedConnector(undici.buildConnector, tls, addresses, (host, options, done) => dns.lookup(host, options, done))
          : tls,
      });
    }));
  return {
    request: async (options) => (await loaded()).request(options),
    // A dispatcher that never sent anything has no connections to close (and loads nothing to say so).
    close: async () => {
      if (agent) await (await agent).close();
    },
  };
}
