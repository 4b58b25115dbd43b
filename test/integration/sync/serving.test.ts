import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { Agent, fetch } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { spaceDocumentName } from '../../../shared/sync/documentNames.ts';
import { selfSignedCert } from '../../unit/electron/core/support/selfSignedCert.ts';
import { inviteCode, startSyncServerProcess, tempFolder } from './support/syncServerProcess.ts';

const CLI = fileURLToPath(new URL('../../../sync-server/cli.ts', import.meta.url));
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('serving the sync server', () => {
  it('speaks https and wss with --cert and --key', async () => {
    const data = tempFolder('sync-tls-');
    cleanups.push(data.remove);
    const { cert, key } = selfSignedCert();
    writeFileSync(path.join(data.path, 'cert.pem'), cert);
    writeFileSync(path.join(data.path, 'key.pem'), key);
    const server = await startSyncServerProcess(path.join(data.path, 'data'), [
      '--cert',
      path.join(data.path, 'cert.pem'),
      '--key',
      path.join(data.path, 'key.pem'),
    ]);
    cleanups.push(() => server.kill());
    expect(server.url).toMatch(/^wss:\/\/127\.0\.0\.1:\d+$/);

    const dispatcher = new Agent({ connect: { ca: cert } });
    cleanups.push(() => dispatcher.close());
    const { code } = await inviteCode(path.join(data.path, 'data'), 'Film', 'Ana');
    const answer = await fetch(`${server.httpUrl}/join`, {
      method: 'POST',
      body: JSON.stringify({ code }),
      dispatcher,
    });
    expect(answer.status).toBe(200);
    const { spaceId, token } = (await answer.json()) as { spaceId: string; token: string };

    // The provider over wss://, trusting this certificate only.
    class TrustingWebSocket extends WebSocket {
      constructor(url: string) {
        super(url, { ca: cert });
      }
    }
    const socket = new HocuspocusProviderWebsocket({ url: server.url, WebSocketPolyfill: TrustingWebSocket });
    const provider = new HocuspocusProvider({ websocketProvider: socket, name: spaceDocumentName(spaceId), document: new Y.Doc(), token });
    // A provider on a socket it was given is attached by its owner.
    provider.attach();
    cleanups.push(() => {
      provider.destroy();
      socket.destroy();
    });
    await new Promise<void>((resolve) => provider.on('synced', () => resolve()));
    expect(provider.isSynced).toBe(true);
  });

  it('refuses to serve plain ws:// on a network address unless a TLS proxy is said to be in front', () => {
    const data = tempFolder('sync-plain-');
    cleanups.push(data.remove);
    const run = spawnSync(process.execPath, [CLI, '--data', data.path, '--host', '0.0.0.0', '--port', '0'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('member tokens would cross the network in the clear on 0.0.0.0');
    expect(run.stdout).not.toContain('listening');
  });
});
