import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Services } from '../services.ts';
import { SandboxError } from '../sandboxError.ts';
import { errorReply } from './apiError.ts';
import { sendJson } from './http.ts';
import type { Exchange } from '../variants/variant.ts';
import type { Router } from './router.ts';

export type TlsOptions = { key: string; cert: string };

/** HTTPS only (spec 4: HTTPS URLs only); one router for /v1, /api, /sandbox, /cdn and /openapi.json. */
export function createSandboxServer(tls: TlsOptions, router: Router, services: () => Services): Server {
  const server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    void dispatch(req, res, router, services());
  });
  server.keepAliveTimeout = 5_000;
  return server;
}

async function dispatch(req: IncomingMessage, res: ServerResponse, router: Router, services: Services): Promise<void> {
  const started = Date.now();
  const method = req.method ?? 'GET';
  let path = '/';
  let exchange: Exchange | null = null;
  try {
    // A request target like `//[` names no URL at all: refused, not an internal error.
    const url = URL.parse(req.url ?? '/', services.baseUrl);
    if (!url) throw new SandboxError('not_found', 'No endpoint has that address.');
    path = url.pathname;
    // Service variants reshape the service interface (/v1) only, never the CDN or administration.
    // The exchange keeps the address as the client asked it (a copy): a variant that rewrites the
    // query (a smaller page) must not leak the rewrite into a next-page link it builds from it.
    if (path.startsWith('/v1/')) exchange = { method, route: `${method} ${path}`, url: new URL(url.href), now: services.now() };
    const { handler, params, route } = router.match(method, path);
    if (exchange) {
      exchange.route = route;
      services.variants.request({ ...exchange, query: url.searchParams, headers: req.headers });
    }
    const reply = await handler({ req, res, method, path, query: url.searchParams, params, route, services });
    if (reply)
      sendJson(res, exchange ? services.variants.handOut(services.variants.reply(reply, exchange), services.cdnUrl, exchange.now) : reply);
  } catch (error) {
    // A client that hangs up mid-body gets no answer; that is not the service's failure.
    if (req.destroyed && !(error instanceof SandboxError)) return;
    const refusal = error instanceof SandboxError ? error : internal(error, services);
    const reply = errorReply(refusal);
    if (!res.headersSent) sendJson(res, exchange ? services.variants.error(reply, refusal, exchange) : reply);
    else res.destroy();
  } finally {
    // Drain an unread body so keep-alive connections stay usable.
    if (!req.complete) req.resume();
    services.log(`${method} ${path} ${res.statusCode} ${Date.now() - started}ms`);
  }
}

function internal(error: unknown, services: Services): SandboxError {
  services.log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return new SandboxError('internal_error', 'Something went wrong in the service; retry the same request. If it keeps failing, report it.');
}
