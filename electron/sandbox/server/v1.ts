import { authenticateApiKey, type Actor } from '../auth.ts';
import type { Handler, RequestContext } from './router.ts';
import type { Reply } from './http.ts';

export type V1Context = RequestContext & { actor: Actor };

/**
 * Every /v1 endpoint: authentication in the order of spec 5.6, then the per-key rate limit and
 * injected 429/5xx faults (nothing has executed yet, so a retry is safe), then any refusal a
 * service variant adds (strict scopes).
 */
export function v1(handler: (ctx: V1Context) => Promise<Reply | null>, options: { requirePlan?: boolean } = {}): Handler {
  return async (ctx) => {
    const now = ctx.services.now();
    const actor = authenticateApiKey(ctx.services.db, ctx.req, now, options.requirePlan ?? true);
    ctx.services.faults.gate(actor.key.id, now.getTime());
    ctx.services.variants.admit({ method: ctx.method, route: ctx.route, url: new URL(ctx.path, ctx.services.baseUrl), now, actor });
    return handler({ ...ctx, actor });
  };
}
