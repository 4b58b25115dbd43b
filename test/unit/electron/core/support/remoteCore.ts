import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createCore, type Core } from '../../../../../electron/core/createCore.ts';
import { CaptureLog } from './captureLog.ts';
import { selfSignedCert } from './selfSignedCert.ts';
import { tempDir } from './tempDir.ts';
import { headlessCoreDeps } from '../../../../support/coreDeps.ts';

export type Cleanups = (() => Promise<void> | void)[];
export type ServiceRequest = { method: string; path: string; body: Buffer };
export type ServiceReply = { status: number; body: unknown };
export type RemoteService = { base: string; cert: string };

/** Runs a command through the router and returns its value, or throws with the error's code and sentence. */
export async function ok<T>(c: Core, command: string, input: unknown): Promise<T> {
  const reply = await c.router.handle(command, input);
  if (!reply.ok) throw new Error(`${command}: ${JSON.stringify(reply.error)}`);
  return reply.value as T;
}

/**
 * A service over HTTPS on loopback (its own self-signed certificate) whose answers the test gives
 * in `route` (at once, or later through a promise); what it leaves unanswered gets the account (with `balance` credits), an empty voices
 * list, and an empty page for any other list. It closes with the test's cleanups.
 */
export async function startRemoteService(
  route: (req: ServiceRequest) => ServiceReply | undefined | Promise<ServiceReply | undefined>,
  options: { balance: number; cleanups: Cleanups },
): Promise<RemoteService> {
  const { key, cert } = selfSignedCert();
  const server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', path: (req.url ?? '').split('?')[0] ?? '', body: Buffer.concat(chunks) };
      void Promise.resolve(route(request)).then((answer) => {
        const reply = answer ?? fallback(request.path, options.balance);
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  options.cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { base: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, cert };
}

function fallback(path: string, balance: number): ServiceReply {
  if (path === '/v1/account') {
    const account = {
      id: '00000000-0000-4000-8000-000000000001',
      email: 'a@b.c',
      name: 'Ada',
      avatar_url: '',
      credits: { balance },
      subscription: null,
      created_at: new Date().toISOString(),
    };
    return { status: 200, body: { data: account } };
  }
  if (path === '/v1/voices')
    return { status: 200, body: { data: { voices: [], presets: [] }, meta: { has_more: false, next_cursor: null } } };
  return { status: 200, body: { data: [], meta: { has_more: false, next_cursor: null } } };
}

/** A core on a fresh folder with one active remote profile on `service`; it stops with the test's cleanups. */
export async function coreOnService(service: RemoteService, cleanups: Cleanups): Promise<Core> {
  const dir = tempDir();
  const c = await createCore(headlessCoreDeps(dir, { log: new CaptureLog() }));
  cleanups.push(() => c.stop());
  const profile = await ok<{ id: string }>(c, 'profiles.add', {
    name: 'Remote',
    baseUrl: service.base,
    cdnUrl: service.base,
    caPem: service.cert,
    apiKey: `sk_live_${'4b'.repeat(32)}`,
  });
  await ok(c, 'profiles.activate', { id: profile.id });
  return c;
}
