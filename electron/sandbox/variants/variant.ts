import type { IncomingHttpHeaders } from 'node:http';
import type { OperationInfo } from '../../../shared/api/index.ts';
import type { Actor } from '../auth.ts';
import type { SandboxError } from '../sandboxError.ts';
import type { Reply } from '../server/http.ts';

/** One /v1 exchange as a variant sees it: `route` is the matched pattern (`GET /v1/voices/:id`). */
export type Exchange = {
  method: string;
  route: string;
  url: URL;
  now: Date;
};

export type IncomingRequest = Exchange & { query: URLSearchParams; headers: IncomingHttpHeaders };

/** A creating request as a variant sees it before the replay lookup. */
export type ReplayCheck = {
  route: string;
  actor: Actor;
  /** The credits this request would cost as the operation `op`; throws when the request is not valid. */
  creditsFor: (op: OperationInfo) => number;
  /** The caller's balance now. */
  balance: () => number;
};

/**
 * A service variant (`--variant NAME`): one spec-legal answer that differs from the sandbox's
 * default, where the spec says "not shown" or leaves the choice open. Each variant is one module of
 * this folder and hooks only the seams it needs; the default sandbox has none.
 */
export type Variant = {
  name: string;
  /** The spec line that makes this answer legal (listed in docs/service-decisions.md). */
  allowedBy: string;
  /** Routes (`METHOD /pattern`) this service does not offer: they answer 404 like any unknown path. */
  hiddenRoutes?: readonly string[];
  /** Reads or rewrites a /v1 request's query and headers before its handler runs. */
  request?: (incoming: IncomingRequest) => void;
  /** After authentication: may refuse the request (throws a SandboxError). */
  admit?: (at: Exchange & { actor: Actor }) => void;
  /** Reshapes a /v1 answer that is not an error. */
  reply?: (reply: Reply, at: Exchange) => Reply;
  /** Reshapes a /v1 error answer. */
  error?: (reply: Reply, error: SandboxError, at: Exchange) => Reply;
  /** How long an idempotency record is honoured (the default keeps them 48 hours). */
  idempotencyRetentionMs?: number;
  /** Runs in a creating request before the replay lookup (may refuse a replay the default would answer). */
  beforeReplay?: (request: ReplayCheck) => void;
};
