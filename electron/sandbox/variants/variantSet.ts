import type { SandboxError } from '../sandboxError.ts';
import type { Reply } from '../server/http.ts';
import type { CdnAnswer, CdnExchange, Exchange, IncomingRequest, ReplayCheck, Variant } from './variant.ts';
import type { Actor } from '../auth.ts';

/**
 * The variants one sandbox process runs with, composed in the order of the registry (so that, for
 * example, opaque cursors are minted before another envelope moves them). Empty for the default.
 */
export class VariantSet {
  readonly variants: readonly Variant[];

  constructor(variants: readonly Variant[]) {
    this.variants = variants;
  }

  get names(): string[] {
    return this.variants.map((v) => v.name);
  }

  hides(route: string): boolean {
    return this.variants.some((v) => v.hiddenRoutes?.includes(route));
  }

  request(incoming: IncomingRequest): void {
    for (const v of this.variants) v.request?.(incoming);
  }

  admit(at: Exchange & { actor: Actor }): void {
    for (const v of this.variants) v.admit?.(at);
  }

  reply(reply: Reply, at: Exchange): Reply {
    return this.variants.reduce((r, v) => (v.reply ? v.reply(r, at) : r), reply);
  }

  error(reply: Reply, error: SandboxError, at: Exchange): Reply {
    return this.variants.reduce((r, v) => (v.error ? v.error(r, error, at) : r), reply);
  }

  /** The shortest retention any variant asks for, or null for the default. */
  idempotencyRetentionMs(): number | null {
    const asked = this.variants.flatMap((v) => (v.idempotencyRetentionMs === undefined ? [] : [v.idempotencyRetentionMs]));
    return asked.length ? Math.min(...asked) : null;
  }

  beforeReplay(request: ReplayCheck): void {
    for (const v of this.variants) v.beforeReplay?.(request);
  }

  /** The CDN addresses of a /v1 answer (its body and its `Location`) as the service hands them out. */
  handOut(reply: Reply, cdnUrl: string, now: Date): Reply {
    const rewrites = this.variants.flatMap((v) => (v.cdnAddress ? [v.cdnAddress] : []));
    if (rewrites.length === 0) return reply;
    const rewrite = onCdn(cdnUrl, (address) => rewrites.reduce((a, f) => f(a, now), address));
    const location = reply.headers?.Location;
    return {
      ...reply,
      body: mapStrings(reply.body, rewrite),
      ...(reply.headers ? { headers: { ...reply.headers, ...(location ? { Location: rewrite(location) } : {}) } } : {}),
    };
  }

  /** A creating request's body with the CDN addresses it sends back as the service reads them. */
  takeBack(body: unknown, cdnUrl: string): unknown {
    const rewrites = this.variants.flatMap((v) => (v.inputAddress ? [v.inputAddress] : []));
    if (rewrites.length === 0) return body;
    return mapStrings(
      body,
      onCdn(cdnUrl, (address) => rewrites.reduce((a, f) => f(a), address)),
    );
  }

  /** Every variant's say on a file request, in order: a refusal throws; the first redirect asked for wins. */
  cdnFile(at: CdnExchange): CdnAnswer | undefined {
    let answer: CdnAnswer | undefined;
    for (const v of this.variants) {
      const said = v.cdnFile?.(at);
      answer ??= said;
    }
    return answer;
  }

  /** Whether the service needs a storage origin beside its CDN. */
  storageOrigin(): boolean {
    return this.variants.some((v) => v.storageOrigin === true);
  }
}

/** `rewrite` for addresses on the CDN; any other string as it is. */
function onCdn(cdnUrl: string, rewrite: (address: string) => string): (value: string) => string {
  const prefix = `${cdnUrl}/`;
  return (value) => (value.startsWith(prefix) ? rewrite(value) : value);
}

/** A JSON value with every string passed through `map`. */
function mapStrings(value: unknown, map: (value: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, map)]));
}

export const DEFAULT_VARIANTS = new VariantSet([]);
