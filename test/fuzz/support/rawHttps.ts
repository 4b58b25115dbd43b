import { connect } from 'node:tls';

export type RawRequest = {
  method: string;
  /** The request-target exactly as sent: a path, an absolute URL, `*`, anything. */
  target: string;
  /** Sent in order, duplicates kept. Host and Connection: close are added unless given. */
  headers?: [string, string][];
  body?: Buffer | string;
  /** false: send no Content-Length of our own (the case sets its own or lies on purpose). */
  contentLength?: boolean;
};

export type RawResponse = {
  /** null when the server closed the connection without an answer. */
  status: number | null;
  headers: Record<string, string>;
  body: Buffer;
};

/**
 * One HTTP/1.1 request over a fresh TLS connection, bytes as given: no client library normalizes
 * the method, target or headers, so header tricks and hostile targets reach the server as written.
 */
export function rawHttps(port: number, ca: string | Buffer, request: RawRequest, timeoutMs = 15_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, ca });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`No answer within ${timeoutMs} ms to ${request.method} ${request.target.slice(0, 200)}`));
    }, timeoutMs);
    socket.on('secureConnect', () => {
      const headers = [...(request.headers ?? [])];
      const has = (name: string) => headers.some(([h]) => h.toLowerCase() === name);
      if (!has('host')) headers.unshift(['Host', `127.0.0.1:${port}`]);
      if (!has('connection')) headers.push(['Connection', 'close']);
      const body = request.body === undefined ? Buffer.alloc(0) : Buffer.from(request.body);
      if (
        request.contentLength !== false &&
        !has('content-length') &&
        !has('transfer-encoding') &&
        (body.length > 0 || request.method === 'POST' || request.method === 'PUT')
      ) {
        headers.push(['Content-Length', String(body.length)]);
      }
      const head = `${request.method} ${request.target} HTTP/1.1\r\n${headers.map(([h, v]) => `${h}: ${v}\r\n`).join('')}\r\n`;
      socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body]));
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const finish = () => {
      clearTimeout(timer);
      resolve(parse(Buffer.concat(chunks)));
    };
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after (or instead of) an answer: report what arrived.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') finish();
      else {
        clearTimeout(timer);
        reject(error);
      }
    });
  });
}

function parse(raw: Buffer): RawResponse {
  const split = raw.indexOf('\r\n\r\n');
  if (raw.length === 0 || split === -1) return { status: null, headers: {}, body: Buffer.alloc(0) };
  const lines = raw.subarray(0, split).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? NaN);
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(split + 4);
  if (headers['transfer-encoding']?.includes('chunked')) body = dechunk(body);
  return { status: Number.isFinite(status) ? status : null, headers, body };
}

function dechunk(data: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (let guard = 0; guard < 100_000 && at < data.length; guard += 1) {
    const eol = data.indexOf('\r\n', at);
    if (eol === -1) break;
    const size = parseInt(data.subarray(at, eol).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    out.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(out);
}
