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

/** One request for a file, at the CDN or at the storage origin it redirects to (`storage`). */
export type CdnExchange = {
  url: URL;
  now: Date;
  storage: boolean;
  /** The storage origin's address for files (`https://127.0.0.1:PORT/storage`), when this service has one. */
  storageUrl: string | null;
};

/** What a variant answers for a file request instead of the file: a redirect to another address. */
export type CdnAnswer = { redirect: string };

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
  /** Rewrites an address on the CDN as a /v1 answer hands it out (a signature with an expiry, say). */
  cdnAddress?: (address: string, now: Date) => string;
  /** Rewrites an address on the CDN a creating request sends back, before anything reads the body. */
  inputAddress?: (address: string) => string;
  /** Before a file is served: may refuse it (throws a SandboxError) or answer a redirect instead. */
  cdnFile?: (at: CdnExchange) => CdnAnswer | undefined;
  /** The service keeps its files on a second storage origin (another HTTPS listener) its CDN redirects to. */
  storageOrigin?: boolean;
};
