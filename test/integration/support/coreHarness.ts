import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventName, EventPayload } from '../../../shared/ipc/index.ts';
import { createCore, type Core, type CoreDeps } from '../../../electron/core/createCore.ts';
import { FilePreferences } from '../../../electron/core/preferences/preferences.ts';
import type { Keychain } from '../../../electron/core/secrets/keychain.ts';
import { startSandbox, type SandboxHandle } from '../../support/sandboxProcess.ts';
import { CaptureLog } from '../../unit/electron/core/support/captureLog.ts';

export type Harness = {
  core: Core;
  userDataDir: string;
  prefs: FilePreferences;
  log: CaptureLog;
  /** The sandbox process core launched (admin requests, ledger, faults). */
  sandbox: () => SandboxHandle;
  events: { event: EventName; payload: unknown; at: number }[];
  invoke: (command: string, input: unknown) => Promise<unknown>;
  waitFor: <E extends EventName>(event: E, test: (payload: EventPayload<E>) => boolean, timeoutMs?: number) => Promise<EventPayload<E>>;
  stop: () => Promise<void>;
};

/**
 * A core on a fresh user-data folder whose embedded sandbox is a real sandbox process (HTTPS on
 * loopback, its own CA), reusing the key core hands it exactly as the shells do.
 */
/**
 * Service variants of the sandbox core runs against: `variants`, else CAST_TEST_SANDBOX_VARIANTS
 * (`minimal-accept,extra-fields`), so a whole suite can be run against a variant unchanged.
 */
export function variantsOf(given: readonly string[] | undefined): readonly string[] {
  return given ?? (process.env.CAST_TEST_SANDBOX_VARIANTS ?? '').split(',').filter(Boolean);
}

export async function startCore(options: {
  keychain: Keychain;
  userDataDir?: string;
  sandboxDataDir?: string;
  env?: Record<string, string>;
  deps?: Partial<CoreDeps>;
  variants?: readonly string[];
}): Promise<Harness> {
  const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'cast-core-'));
  const prefs = new FilePreferences({ cwd: userDataDir });
  const log = new CaptureLog();
  let handle: SandboxHandle | null = null;
  const events: Harness['events'] = [];
  const core = await createCore({
    userDataDir,
    keychain: options.keychain,
    preferences: prefs,
    log,
    host: 'browser',
    mediaBase: 'cast-media://',
    launchSandbox: async ({ dataDir, apiKey }) => {
      handle = await startSandbox({
        dataDir: options.sandboxDataDir ?? dataDir,
        speed: 'fast',
        env: { ...(apiKey ? { CAST_SANDBOX_API_KEY: apiKey } : {}), ...options.env },
        variants: variantsOf(options.variants),
      });
      const started = handle;
      return { ready: started.ready, stop: () => started.stop() };
    },
    ...options.deps,
  });
  core.router.subscribe((event, payload) => events.push({ event, payload, at: Date.now() }));
  const invoke = async (command: string, input: unknown) => {
    const reply = await core.router.handle(command, input);
    if (!reply.ok) throw new Error(`${command} failed: ${JSON.stringify(reply.error)}`);
    return reply.value;
  };
  const waitFor = <E extends EventName>(event: E, test: (payload: EventPayload<E>) => boolean, timeoutMs = 60_000) =>
    new Promise<EventPayload<E>>((resolve, reject) => {
      for (const e of events) if (e.event === event && test(e.payload as EventPayload<E>)) return resolve(e.payload as EventPayload<E>);
      const timer = setTimeout(() => {
        off();
        reject(new Error(`Timed out waiting for ${event}.`));
      }, timeoutMs);
      const off = core.router.subscribe((name, payload) => {
        if (name === event && test(payload as EventPayload<E>)) {
          clearTimeout(timer);
          off();
          resolve(payload as EventPayload<E>);
        }
      });
    });
  return {
    core,
    userDataDir,
    prefs,
    log,
    sandbox: () => {
      if (!handle) throw new Error('No sandbox was launched.');
      return handle;
    },
    events,
    invoke,
    waitFor,
    stop: () => core.stop(),
  };
}
