import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MemberStore } from './memberStore.ts';

/** A join request is a code in a small JSON object; anything longer is not one. */
const MAX_BODY_BYTES = 4096;

export const JOIN_REFUSED = 'This join code is wrong, used or expired: ask the space owner for a new one.';

function reply(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function codeIn(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { code } = parsed as Record<string, unknown>;
    return typeof code === 'string' && code.length <= 100 ? code : null;
  } catch {
    return null;
  }
}

/**
 * The server's HTTP side: `POST /join` with `{"code": "…"}` turns a join code into a member token
 * (`{spaceId, spaceName, memberId, memberName, token}`), once; `GET /health` answers a load
 * balancer. Everything else is WebSocket traffic for the documents.
 */
export async function handleHttp(members: MemberStore, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://sync').pathname;
  if (request.method === 'GET' && path === '/health') return reply(response, 200, { ok: true });
  if (path !== '/join') return reply(response, 404, { error: 'Nothing is served here: documents are opened over WebSocket.' });
  if (request.method !== 'POST') return reply(response, 405, { error: 'Send the join code with POST.' });
  const body = await readBody(request);
  const code = body === null ? null : codeIn(body);
  if (code === null) return reply(response, 400, { error: 'Send the join code as JSON: {"code": "XXXXX-XXXXX-XXXXX-XXXXX"}.' });
  const joined = members.join(code);
  if (!joined) return reply(response, 403, { error: JOIN_REFUSED });
  return reply(response, 200, {
    spaceId: joined.space.id,
    spaceName: joined.space.name,
    memberId: joined.memberId,
    memberName: joined.memberName,
    token: joined.token,
  });
}
