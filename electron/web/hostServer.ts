import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BridgeServer, type RouterLike } from './bridgeServer.ts';
import { HostAuth } from './hostAuth.ts';
import { createRequestHandler, type MediaResolver } from './httpRoutes.ts';

export type HostServer = {
  auth: HostAuth;
  port: number;
  /** Wires the core in once it is up: until then the bridge and media answer 503. */
  attach(core: { router: RouterLike; resolveMedia: MediaResolver }): void;
  close(): Promise<void>;
};

/**
 * The browser host's network side, on 127.0.0.1 only: HTTP for the renderer, the session exchange
 * and media, and the WebSocket bridge, all behind one HostAuth made for this start.
 */
export async function startHostServer(options: { port?: number; rendererDir: string; token?: string }): Promise<HostServer> {
  let core: { router: RouterLike; resolveMedia: MediaResolver } | null = null;
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const auth = new HostAuth(port, options.token);
  const bridge = new BridgeServer(auth, () => core?.router ?? null);
  server.on('request', createRequestHandler({ auth, rendererDir: options.rendererDir, resolveMedia: () => core?.resolveMedia ?? null }));
  server.on('upgrade', bridge.upgrade);

  return {
    auth,
    port,
    attach: (started) => {
      core = started;
      bridge.start(started.router);
    },
    close: async () => {
      await bridge.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
