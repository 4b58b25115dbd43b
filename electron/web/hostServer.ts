import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger, type Logger } from '../core/log/logger.ts';
import { BridgeServer, type BridgeRouter } from './bridgeServer.ts';
import { HostAuth, newToken } from './hostAuth.ts';
import { createRequestHandler, MEDIA_PREFIX, type MediaResolver } from './httpRoutes.ts';
import { createUploadRoute } from './uploadRoute.ts';
import type { CatalogLocale } from '../../shared/i18n/locales.ts';
import type { Screen } from '../../shared/ipc/screens.ts';

export type HostServer = {
  auth: HostAuth;
  port: number;
  /** What core puts before a content id: `http://127.0.0.1:PORT/media/<mediaKey>/`. */
  mediaBase: string;
  /** `http://127.0.0.1:PORT/#launch=<code>` with a fresh one-time launch code (60 s). */
  launchUrl(): string;
  /** Wires the core in once it is up: until then the bridge, uploads and media answer 503. */
  attach(core: { router: BridgeRouter; resolveMedia: MediaResolver }): void;
  close(): Promise<void>;
};

export type HostServerOptions = {
  port?: number;
  rendererDir: string;
  /** The screen the page opens on, its code preloaded with the page's (electron/core/app/startScreenPage.ts). */
  startScreen?: Screen | null;
  /** The language chosen in Settings now (null: the system's), its catalog preloaded with the page's code. */
  startLanguage?: () => CatalogLocale | null;
  /** Where uploads are streamed before core sends them; default a folder of this start under the OS temp dir. */
  uploadDir?: string;
  /** The gate of an earlier start on the same port, kept (tests restart a host to drop every socket). */
  auth?: HostAuth;
  log?: Logger;
};

/**
 * The browser host's network side, on 127.0.0.1 only: HTTP for the renderer, the launch exchange,
 * uploads and media, and the WebSocket bridge, all behind one HostAuth made for this start.
 */
export async function startHostServer(options: HostServerOptions): Promise<HostServer> {
  const log = options.log ?? silentLogger;
  let core: { router: BridgeRouter; resolveMedia: MediaResolver } | null = null;
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const auth = options.auth?.host === `127.0.0.1:${port}` ? options.auth : new HostAuth(port);
  const bridge = new BridgeServer(auth, () => core?.router ?? null, log);
  const upload = createUploadRoute({
    uploadDir: options.uploadDir ?? join(tmpdir(), `cast-uploads-${newToken().slice(0, 12)}`),
    router: () => core?.router ?? null,
  });
  server.on(
    'request',
    createRequestHandler({
      auth,
      rendererDir: options.rendererDir,
      startScreen: options.startScreen ?? null,
      startLanguage: options.startLanguage,
      resolveMedia: () => core?.resolveMedia ?? null,
      upload,
    }),
  );
  server.on('upgrade', bridge.upgrade);
  // A client that resets mid-request must not reach the process as an unhandled 'error'.
  server.on('clientError', (_error, socket) => socket.destroy());

  return {
    auth,
    port,
    mediaBase: `${auth.origin}${MEDIA_PREFIX}${auth.mediaKey}/`,
    launchUrl: () => `${auth.origin}/#launch=${auth.mintLaunchCode()}`,
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
