import type { SandboxError } from '../sandboxError.ts';
import type { Reply } from '../server/http.ts';
import type { Exchange, IncomingRequest, ReplayCheck, Variant } from './variant.ts';
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
}

export const DEFAULT_VARIANTS = new VariantSet([]);
