import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { SandboxReady } from '../../shared/api/index.ts';
import { CdnStore } from './cdnStore.ts';
import { openDatabase } from './db/database.ts';
import { FaultState } from './faults.ts';
import { purgeOldRecords } from './idempotency.ts';
import { KeyedMutex } from './keyedMutex.ts';
import type { MediaRenderer } from './media/mediaRenderer.ts';
import { loadRenderer } from './rendererLoader.ts';
import { buildRouter } from './routes.ts';
import { Scheduler } from './scheduler.ts';
import { ensureAdminToken, ensureCursorSecret, ensureSeedKey, ensureSeedUser } from './seed.ts';
import { createSandboxServer } from './server/server.ts';
import type { Services, Speed } from './services.ts';
import { loadOrCreateTls } from './tls.ts';
import { PresetPreviews } from './voicePreviews.ts';

export type SandboxOptions = {
  port: number;
  dataDir: string;
  speed: Speed;
  /** A well-formed key to keep as the seed key across restarts (CAST_SANDBOX_API_KEY). */
  seedKey?: string | undefined;
  /** Injected renderer; by default the real one when present, else the placeholder. */
  renderer?: MediaRenderer;
  log?: (message: string) => void;
};

export type RunningSandbox = { ready: SandboxReady; services: Services; close: () => Promise<void> };

/** Composition root: data folder, TLS, database, seed, renderer, router, scheduler, HTTPS. */
export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const log = options.log ?? (() => undefined);
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const tls = await loadOrCreateTls(dataDir);
  const db = openDatabase(join(dataDir, 'sandbox.db'));
  const now = new Date();
  purgeOldRecords(db, now);
  const adminToken = ensureAdminToken(dataDir);
  const seedUser = ensureSeedUser(db, now);
  const apiKey = ensureSeedKey(db, seedUser, options.seedKey, now);
  const renderer = options.renderer ?? (await loadRenderer(log));

  let services: Services | null = null;
  const router = buildRouter(adminToken);
  const server = createSandboxServer({ key: tls.keyPem, cert: tls.certPem }, router, () => {
    if (!services) throw new Error('The sandbox is still starting.');
    return services;
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port, '127.0.0.1', () => ok());
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `https://127.0.0.1:${port}`;
  const cdnUrl = `${baseUrl}/cdn`;
  let scheduler: Scheduler | null = null;
  const base: Omit<Services, 'presetPreviews'> = {
    db,
    now: () => new Date(),
    baseUrl,
    cdnUrl,
    speed: options.speed,
    faults: new FaultState(db),
    locks: new KeyedMutex(),
    cdn: new CdnStore(db, dataDir, cdnUrl),
    renderer,
    nudge: () => scheduler?.nudge(),
    cursorSecret: ensureCursorSecret(db),
    log,
  };
  const presetPreviews = new PresetPreviews(base);
  const built: Services = { ...base, presetPreviews };
  services = built;
  scheduler = new Scheduler(built);
  scheduler.start();
  presetPreviews.ensure();
  const purge = setInterval(() => purgeOldRecords(db, new Date()), 3600_000);
  purge.unref();

  return {
    ready: { base_url: baseUrl, cdn_url: cdnUrl, ca_cert: tls.caCertPath, api_key: apiKey, admin_token: adminToken },
    services: built,
    close: async () => {
      clearInterval(purge);
      await new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      });
      await scheduler?.stop();
      await presetPreviews.stop();
      await renderer.close();
      db.close();
    },
  };
}
