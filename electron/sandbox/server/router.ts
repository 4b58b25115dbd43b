import type { IncomingMessage, ServerResponse } from 'node:http';
import { SandboxError } from '../sandboxError.ts';
import type { Reply } from './http.ts';
import type { Services } from '../services.ts';

export type RequestContext = {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  /** The raw query, so strict filters can see repeated and empty parameters (spec 4.2). */
  query: URLSearchParams;
  params: Record<string, string>;
  /** The matched route as `METHOD /pattern` (`GET /v1/voices/:id`), which variants hook by. */
  route: string;
  services: Services;
};

/** A handler answers a Reply, or null when it wrote the response itself (CDN streaming). */
export type Handler = (ctx: RequestContext) => Promise<Reply | null>;

type Route = { method: string; pattern: string; segments: string[]; handler: Handler };

export class Router {
  private readonly routes: Route[] = [];
  private readonly offered: (route: string) => boolean;

  /** `offered` drops routes a service variant does not have (they answer 404 like any unknown path). */
  constructor(offered: (route: string) => boolean = () => true) {
    this.offered = offered;
  }

  add(method: string, pattern: string, handler: Handler): this {
    if (!this.offered(`${method} ${pattern}`)) return this;
    this.routes.push({ method, pattern, segments: pattern.split('/').filter(Boolean), handler });
    return this;
  }

  /** The handler for a request, or a 404 when no route matches (405 is folded into 404). */
  match(method: string, path: string): { handler: Handler; params: Record<string, string>; route: string } {
    const parts = path.split('/').filter(Boolean);
    let pathMatched = false;
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      pathMatched = true;
      if (route.method === method || (method === 'HEAD' && route.method === 'GET'))
        return { handler: route.handler, params, route: `${route.method} ${route.pattern}` };
    }
    throw new SandboxError(
      'not_found',
      pathMatched ? `The method ${method} is not offered on ${path}.` : `There is no endpoint at ${path}.`,
    );
  }

  list(): { method: string; path: string }[] {
    return this.routes.map((r) => ({
      method: r.method,
      path: `/${r.segments.map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s)).join('/')}`,
    }));
  }
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (const [i, seg] of pattern.entries()) {
    const part = parts[i] ?? '';
    if (seg.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(part);
      } catch {
        return null;
      }
      params[seg.slice(1)] = value;
    } else if (seg !== part) {
      return null;
    }
  }
  return params;
}
