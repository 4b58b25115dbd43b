import { rootCertificates } from 'node:tls';
import { Agent, type Dispatcher } from 'undici';

/**
 * One undici Agent per profile. An Agent keeps one keep-alive Pool per origin (the API origin and
 * the CDN origin each get their own), so connections are reused across requests and polls.
 *
 * Trust: the sandbox profile trusts exactly the certificate its sandbox printed and nothing else;
 * a remote profile trusts the public roots plus its optional extra CA. Verification is never off,
 * and the extra trust lives in this profile's dispatcher only, never in a global one.
 */
export function createProfileDispatcher(
  trust: { kind: 'sandbox'; caPem: string } | { kind: 'remote'; extraCaPem: string | null },
): Dispatcher {
  const ca = trust.kind === 'sandbox' ? [trust.caPem] : trust.extraCaPem ? [...rootCertificates, trust.extraCaPem] : undefined;
  return new Agent({
    connections: 8,
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 600_000,
    headersTimeout: 30_000,
    bodyTimeout: 60_000,
    connect: { ...(ca ? { ca } : {}), rejectUnauthorized: true, timeout: 10_000 },
  });
}
