import type { IncomingMessage, ServerResponse } from 'node:http';
import { SandboxError } from '../sandboxError.ts';

/** Bodies of JSON requests are small; media goes through POST /v1/uploads with its own limits. */
export const JSON_BODY_LIMIT = 1024 * 1024;

export type Reply = {
  status: number;
  /** undefined sends no body at all (a service variant's bare 201 or 200). */
  body: unknown;
  headers?: Record<string, string>;
};

export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function tooLarge(limit: number): SandboxError {
  return new SandboxError('payload_too_large', `The request body is larger than ${limit} bytes.`);
}

/** No request of the interface nests deeper than a few levels; deeper bodies are refused whole. */
export const JSON_MAX_DEPTH = 32;

/** Parses a JSON body; an empty body is the empty object (revert's body is `{}`). */
export function parseJson(raw: Buffer): unknown {
  if (raw.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw new SandboxError('invalid_json', 'The request body is not valid JSON.', 'body');
  }
  if (depthExceeds(value, JSON_MAX_DEPTH)) {
    throw new SandboxError('invalid_json', `The request body nests deeper than ${JSON_MAX_DEPTH} levels.`, 'body');
  }
  return value;
}

/** Iterative, so a hostile body cannot overflow the stack while it is measured. */
function depthExceeds(root: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (value === null || typeof value !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(value as Record<string, unknown>)) stack.push([child, depth + 1]);
  }
  return false;
}

export function sendJson(res: ServerResponse, reply: Reply): void {
  const empty = reply.status === 204 || reply.body === undefined;
  const payload = empty ? '' : JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    ...(empty ? {} : { 'Content-Type': 'application/json; charset=utf-8' }),
    'Content-Length': Buffer.byteLength(payload),
    'Cache-Control': 'no-store',
    ...reply.headers,
  });
  res.end(payload);
}
