import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { SandboxReady } from '../../shared/api/index.ts';
import { CdnStore } from './cdnStore.ts';
import { openDatabase, transaction, type Db } from './db/database.ts';
import { FaultState } from './faults.ts';
import { purgeOldRecords } from './idempotency.ts';
import { rebaseCdnAddresses } from './repos/cdnRepo.ts';
import { KeyedMutex } from './keyedMutex.ts';
import type { MediaRenderer } from './media/mediaRenderer.ts';
import { loadRenderer } from './rendererLoader.ts';
import { buildRouter } from './routes.ts';
import { Scheduler } from './scheduler.ts';
import { ensureAdminToken, ensureCursorSecret, ensureSeedKey, ensureSeedUser } from './seed.ts';
import { registerCdn } from './resources/cdn.ts';
import { Router } from './server/router.ts';
import { createSandboxServer, type TlsOptions } from './server/server.ts';
import type { Services, Speed } from './services.ts';
import { loadOrCreateTls } from './tls.ts';
import { PresetPreviews } from './voicePreviews.ts';
import { variantSetOf } from './variants/registry.ts';

export type SandboxOptions = {
  port: number;
  /**
   * With port 0: listen on the port of the last start (kept in `<dataDir>/port`) when it is free,
   * else on any free port, and remember the one taken. The embedded sandbox keeps its address
   * this way, so what the app stored of it still answers after a restart.
   */
  rememberPort?: boolean | undefined;
  dataDir: string;
  speed: Speed;
  /** A well-formed key to keep as the seed key across restarts (CAST_SANDBOX_API_KEY). */
  seedKey?: string | undefined;
  /** Injected renderer; by default the real one when present, else the placeholder. */
  renderer?: MediaRenderer;
  log?: (message: string) => void;
  /** Service variants by name (`--variant`); none by default. */
  variants?: readonly string[];
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
  const variants = variantSetOf(options.variants ?? []);
  const renderer = options.renderer ?? (await loadRenderer(log));

  let services: Services | null = null;
  const router = buildRouter(adminToken, variants);
  const server = createSandboxServer({ key: tls.keyPem, cert: tls.certPem }, router, () => {
    if (!services) throw new Error('The sandbox is still starting.');
    return services;
  });
  const port = await listenOnPort(server, options, { dataDir, db, log });
  const baseUrl = `https://127.0.0.1:${port}`;
  const storage = variants.storageOrigin() ? await startStorage({ key: tls.keyPem, cert: tls.certPem }, () => services) : null;
  const { base, attach } = baseServices({
    db,
    dataDir,
    baseUrl,
    storageUrl: storage?.url ?? null,
    renderer,
    log,
    variants,
    speed: options.speed,
  });
  const presetPreviews = new PresetPreviews(base);
  const built: Services = { ...base, presetPreviews };
  services = built;
  const scheduler = new Scheduler(built);
  attach(scheduler);
  scheduler.start();
  presetPreviews.ensure();
  const purge = setInterval(() => purgeOldRecords(db, new Date()), 3600_000);
  purge.unref();

  return {
    ready: { base_url: baseUrl, cdn_url: base.cdnUrl, ca_cert: tls.caCertPath, api_key: apiKey, admin_token: adminToken },
    services: built,
    close: async () => {
      clearInterval(purge);
      await stopAll({ server, storage, scheduler, presetPreviews, renderer, db });
    },
  };
}

type Startup = { dataDir: string; db: Db; log: (message: string) => void };

/**
 * Listens on the asked port, or on the remembered one (any free port when it is taken), remembers
 * it, and rebases the stored CDN addresses when it changed.
 */
async function listenOnPort(server: Server, options: SandboxOptions, { dataDir, db, log }: Startup): Promise<number> {
  const remembered = options.rememberPort && options.port === 0 ? rememberedPort(dataDir) : null;
  try {
    await listen(server, remembered ?? options.port);
  } catch (error) {
    // Taken by another program since: any free port, remembered in its place.
    if (remembered === null || (error as { code?: unknown }).code !== 'EADDRINUSE') throw error;
    log(`Port ${remembered} is taken; the sandbox listens on another one.`);
    await listen(server, 0);
  }
  const { port } = server.address() as AddressInfo;
  if (options.rememberPort && options.port === 0) writeFileSync(join(dataDir, PORT_FILE), `${port}\n`);
  // Its records name its CDN by address: when the port changed, they name the new one.
  if (remembered !== null && remembered !== port) {
    transaction(db, () => rebaseCdnAddresses(db, `https://127.0.0.1:${remembered}/cdn/`, `https://127.0.0.1:${port}/cdn/`));
  }
  return port;
}

type BaseParts = Startup & {
  baseUrl: string;
  storageUrl: string | null;
  renderer: MediaRenderer;
  variants: Services['variants'];
  speed: Speed;
};

/** The services but the preset previews; `attach` hands them the scheduler once it exists. */
function baseServices(parts: BaseParts): { base: Omit<Services, 'presetPreviews'>; attach: (scheduler: Scheduler) => void } {
  const { db, dataDir, baseUrl, log } = parts;
  let scheduler: Scheduler | null = null;
  let clockOffsetMs = 0;
  const cdnUrl = `${baseUrl}/cdn`;
  const base: Omit<Services, 'presetPreviews'> = {
    db,
    now: () => new Date(Date.now() + clockOffsetMs),
    advanceClock: (ms) => {
      clockOffsetMs += ms;
      scheduler?.nudge();
    },
    baseUrl,
    cdnUrl,
    storageUrl: parts.storageUrl,
    speed: parts.speed,
    faults: new FaultState(db),
    locks: new KeyedMutex(),
    cdn: new CdnStore(db, dataDir, cdnUrl),
    renderer: parts.renderer,
    nudge: () => scheduler?.nudge(),
    cursorSecret: ensureCursorSecret(db),
    log,
    variants: parts.variants,
  };
  const attach = (running: Scheduler): void => {
    scheduler = running;
  };
  return { base, attach };
}

type Running = {
  server: ReturnType<typeof createSandboxServer>;
  storage: { close: () => Promise<void> } | null;
  scheduler: Scheduler;
  presetPreviews: PresetPreviews;
  renderer: MediaRenderer;
  db: Db;
};

async function stopAll({ server, storage, scheduler, presetPreviews, renderer, db }: Running): Promise<void> {
  await new Promise<void>((ok) => {
    server.close(() => ok());
    server.closeAllConnections();
  });
  await storage?.close();
  // Both stop taking work at once; closing the renderer then kills the ffmpeg children of
  // renders in flight, so stopping never waits for a render. Their jobs stay as they were in
  // the database (every commit is one transaction) and resume at the next start.
  const stopping = [scheduler.stop(), presetPreviews.stop()];
  await renderer.close();
  await Promise.all(stopping);
  db.close();
}

/**
 * The second origin a `cdn-redirect` CDN sends files to: its own HTTPS listener on loopback (any
 * free port, the same certificate), serving only `/storage/<file>`.
 */
async function startStorage(tls: TlsOptions, services: () => Services | null): Promise<{ url: string; close: () => Promise<void> }> {
  const router = new Router();
  registerCdn(router, true);
  const server = createSandboxServer(tls, router, () => {
    const ready = services();
    if (!ready) throw new Error('The sandbox is still starting.');
    return ready;
  });
  await listen(server, 0);
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/storage`,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}

/** Where the embedded sandbox keeps the port of its last start. */
const PORT_FILE = 'port';

function rememberedPort(dataDir: string): number | null {
  try {
    const port = Number(readFileSync(join(dataDir, PORT_FILE), 'utf8').trim());
    return Number.isInteger(port) && port > 0 && port <= 65535 ? port : null;
  } catch {
    return null;
  }
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise<void>((ok, fail) => {
    const failed = (error: Error) => fail(error);
    server.once('error', failed);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', failed);
      ok();
    });
  });
}
