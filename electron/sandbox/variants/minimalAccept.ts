import type { Variant } from './variant.ts';

const REGENERATE = 'POST /v1/characters/:id/regenerate';
const REVERT = 'POST /v1/characters/:id/revert';

/**
 * `minimal-accept`: regenerate answers 201 with only its Location header and no body, and its
 * terminal recovery (200) with a body of another shape; revert answers 200 with no body.
 */
export function minimalAccept(): Variant {
  return {
    name: 'minimal-accept',
    allowedBy: 'spec 4.1: "Response body of regenerate: not shown." and "Response body of revert: not shown."',
    reply: (reply, at) => {
      if (at.route === REGENERATE && reply.status === 201) return { ...reply, body: undefined };
      if (at.route === REGENERATE && reply.status === 200) return { ...reply, body: recovery(reply.body, reply.headers?.Location) };
      if (at.route === REVERT && reply.status === 200) return { ...reply, body: undefined };
      return reply;
    },
  };
}

/** Another shape for the exact terminal recovery: no `data`, the outcome under `result`. */
function recovery(body: unknown, location: string | undefined): unknown {
  const data = (body as { data?: { status?: unknown; error_message?: unknown } } | null)?.data;
  return { result: { finished: true, state: data?.status ?? null, problem: data?.error_message ?? null, poll: location ?? null } };
}
