import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { UPLOAD_TYPES, type UploadContentType } from '../../shared/api/index.ts';
import { EXTENSION_OF_TYPE } from '../../shared/api/mediaTypes.ts';
import type { AppError, Reply } from '../../shared/ipc/index.ts';
import type { RouterLike } from '../../shared/ipc/bridgeFrames.ts';

/** Uploads the host streams to disk at one time; more are answered `busy`. */
export const MAX_UPLOADS_AT_ONCE = 4;

export type UploadRouteOptions = {
  /** A private folder for files on their way in; each is removed once core has sent it. */
  uploadDir: string;
  router: () => RouterLike | null;
};

/**
 * `PUT /uploads`: a browser page's file, streamed to a temporary file (never held in memory, never
 * inside a WebSocket frame), then handed to core as a path through the same `uploads.fromPath` the
 * desktop app uses, so type and size are checked in one place. The caller has checked Host, Origin
 * and the session token. The answer is always a Reply as JSON.
 */
export function createUploadRoute(options: UploadRouteOptions): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  let running = 0;

  return async (request, response) => {
    const contentType =
      String(request.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim() ?? '';
    if (!Object.hasOwn(UPLOAD_TYPES, contentType)) {
      return refuse(request, response, 415, failure({ code: 'unsupported_media_type', params: {} }));
    }
    const type = contentType as UploadContentType;
    const limit = UPLOAD_TYPES[type].maxBytes;
    const declared = Number(request.headers['content-length'] ?? NaN);
    if (declared > limit) {
      return refuse(request, response, 413, failure({ code: 'file_too_large', params: { size: declared, limit } }));
    }
    const router = options.router();
    if (!router) return refuse(request, response, 503, failure({ code: 'starting', params: {} }));
    if (running >= MAX_UPLOADS_AT_ONCE) {
      return refuse(request, response, 429, failure({ code: 'busy', params: { what: 'uploads', most: MAX_UPLOADS_AT_ONCE } }));
    }
    running += 1;
    const path = join(options.uploadDir, `${randomUUID()}.${EXTENSION_OF_TYPE[type]}`);
    let status = 200;
    let reply: Reply<unknown>;
    try {
      await mkdir(options.uploadDir, { recursive: true, mode: 0o700 });
      const outcome = await receive(request, path, limit);
      if (outcome === 'received') reply = await router.handle('uploads.fromPath', { path });
      else if (outcome === 'too large') [status, reply] = [413, failure({ code: 'file_too_large', params: { size: null, limit } })];
      else [status, reply] = [400, failure({ code: 'upload_interrupted', params: {} })];
    } finally {
      running -= 1;
      await rm(path, { force: true });
    }
    // The rest of a body that was too large is never read: say why, then drop the connection.
    if (status === 413) refuse(request, response, status, reply);
    else answer(response, status, reply);
  };
}

/** Writes the body to `path`, stopping as soon as it passes `limit` bytes. */
function receive(request: IncomingMessage, path: string, limit: number): Promise<'received' | 'too large' | 'interrupted'> {
  return new Promise((resolve) => {
    const file = createWriteStream(path, { mode: 0o600 });
    let received = 0;
    let settled = false;
    const settle = (outcome: 'received' | 'too large' | 'interrupted') => {
      if (settled) return;
      settled = true;
      if (outcome !== 'received') {
        request.unpipe(file);
        request.pause();
        file.destroy();
      }
      resolve(outcome);
    };
    request.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) settle('too large');
    });
    request.once('aborted', () => settle('interrupted'));
    request.once('error', () => settle('interrupted'));
    file.once('error', () => settle('interrupted'));
    file.once('finish', () => settle(received > limit ? 'too large' : 'received'));
    request.pipe(file);
  });
}

function failure(error: AppError): Reply<never> {
  return { ok: false, error };
}

/** Answers without keeping the body, then closes the connection: a refused body costs nothing. */
export function refuse(request: IncomingMessage, response: ServerResponse, status: number, reply: Reply<unknown>): void {
  closeAfterAnswer(request, response);
  answer(response, status, reply);
}

/**
 * A lingering close: once the answer is out, the connection is half-closed and what the client is
 * still sending is read and dropped for a moment, so the answer reaches it (closing with unread
 * bytes would reset the connection and lose the answer); then the socket goes.
 */
export function closeAfterAnswer(request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('Connection', 'close');
  response.once('finish', () => {
    request.socket.end();
    request.resume();
    setTimeout(() => request.socket.destroy(), LINGER_MS).unref();
  });
}
const LINGER_MS = 2_000;

function answer(response: ServerResponse, status: number, reply: Reply<unknown>): void {
  if (response.headersSent) return void response.destroy();
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(JSON.stringify(reply));
}
