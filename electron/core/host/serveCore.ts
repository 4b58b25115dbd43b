import { join } from 'node:path';
import { installCrashLog } from '../app/crashLog.ts';
import { createCore, type Core } from '../createCore.ts';
import { appError } from '../../../shared/ipc/appErrors.ts';
import { toAppError } from '../ipc/appFailure.ts';
import type { LogFields } from '../log/logger.ts';
import { corePreferences } from '../preferences/preferences.ts';
import { ShellFrame, readFrame, type CorePort, type CoreStartConfig } from './coreProtocol.ts';
import { ShellCalls } from './shellCalls.ts';

/** A test module's answer to `probe` frames: it sees core whole (the session included), in core's thread. */
export type CoreProbe = (core: Core, op: string, arg: unknown) => Promise<unknown>;

/** What the thread or process that runs core adds to serving it (coreEntry.ts). */
export type CoreServing = {
  /** Runs once core is ready; a sentence back says why core's priority could not be lowered. */
  onReady?: () => string | null;
  /** Said to the shell's log at once (`log`, its words): what went wrong before core's logger existed. */
  warnings?: readonly { log: string; fields: LogFields }[];
};

/**
 * Runs core behind `port`: the real core, built by createCore when the shell's `start` frame
 * arrives, answering invokes, media look-ups, focus and stop, and sending its events and log
 * lines. What only the shell has (the keychain, the embedded sandbox's process) is asked of it.
 * A malformed frame is refused with a log line to the shell and otherwise ignored.
 */
export function serveCore(port: CorePort, { onReady = () => null, warnings = [] }: CoreServing = {}): void {
  const calls = new ShellCalls(port);
  const log = calls.logger();
  for (const warning of warnings) log.warn(warning.log, warning.fields);
  let started: Promise<{ core: Core; probe: CoreProbe | null }> | null = null;
  const running = () => started ?? Promise.reject(new Error('Core was asked before its start frame.'));

  port.listen((raw) => {
    const read = readFrame(ShellFrame, raw);
    if ('problem' in read) return log.warn('Core refused a malformed frame from the shell.', { ...read.problem });
    const frame = read.frame;
    switch (frame.type) {
      case 'start':
        if (started) return;
        started = start(port, frame.config, calls);
        // The window waits for core's start, so core starts at the shell's priority; once ready, its
        // work (syncs, downloads, large queries) yields the processor to the shell's thread.
        started.then(
          () => {
            const refused = onReady();
            if (refused) log.warn('Core keeps the normal priority: lowering it was refused.', { reason: refused });
          },
          () => undefined,
        );
        // A failed start is answered with `startFailed`; the shell ends this thread.
        started.catch(() => undefined);
        return;
      case 'answer':
        return calls.answered(frame.id, frame.outcome);
      case 'sandboxExited':
        return calls.sandboxExited(frame.sandboxId);
      default:
        return void running()
          .then(({ core, probe }) => answer(port, core, probe, frame))
          .catch((error: unknown) =>
            log.error('Core could not answer a frame from the shell.', {
              frame: frame.type,
              reason: error instanceof Error ? error.message : String(error),
            }),
          );
    }
  });
}

async function start(port: CorePort, config: CoreStartConfig, calls: ShellCalls): Promise<{ core: Core; probe: CoreProbe | null }> {
  try {
    const log = calls.logger();
    const core = await createCore({
      userDataDir: config.userDataDir,
      keychain: calls.keychain(config.keyStorage),
      // preferences.json has this one writer; the desktop shell keeps the window's place in a file of its own.
      preferences: corePreferences(config.userDataDir, log),
      log,
      host: config.host,
      mediaBase: config.mediaBase,
      ...(config.sandbox ? { launchSandbox: calls.sandboxLauncher() } : {}),
      ...(config.appVersion ? { appVersion: config.appVersion } : {}),
      ...(config.noticesFile ? { noticesFile: config.noticesFile } : {}),
    });
    // An uncaught error ends core (its shell starts it again); the crash log keeps what it was.
    installCrashLog({
      where: 'core',
      logsDir: join(config.userDataDir, 'logs'),
      version: config.appVersion ?? '0.1.0',
      secrets: core.secrets,
    });
    // The media folder goes ahead of the event that tells the page of a new library, so the shell
    // knows where that library's files are before the page asks for any.
    let mediaRoot = core.mediaRoot();
    port.post({ type: 'mediaRoot', root: mediaRoot });
    // Serialised here, on core's thread: the shell relays the text without touching the payload.
    core.router.subscribe((name, payload) => {
      if (core.mediaRoot() !== mediaRoot) {
        mediaRoot = core.mediaRoot();
        port.post({ type: 'mediaRoot', root: mediaRoot });
      }
      port.post({ type: 'event', name, json: JSON.stringify(payload) ?? 'null' });
    });
    const probe = config.probe ? ((await import(config.probe)) as { probe: CoreProbe }).probe : null;
    port.post({ type: 'ready' });
    return { core, probe };
  } catch (error) {
    port.post({ type: 'startFailed', message: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

type WorkFrame = Extract<ShellFrame, { type: 'invoke' | 'resolveMedia' | 'setFocused' | 'probe' | 'stop' }>;

async function answer(port: CorePort, core: Core, probe: CoreProbe | null, frame: WorkFrame): Promise<void> {
  switch (frame.type) {
    case 'invoke':
      return port.post({ type: 'reply', id: frame.id, reply: await core.router.handle(frame.command, frame.input) });
    case 'resolveMedia':
      return port.post({ type: 'media', id: frame.id, media: core.resolveMedia(frame.contentId) });
    case 'setFocused':
      return core.setFocused(frame.focused);
    case 'probe': {
      const outcome = probe
        ? await probe(core, frame.op, frame.arg).then(
            (value) => ({ ok: true as const, value }),
            (error: unknown) => ({
              ok: false as const,
              error: appError('internal_error', {}, { serviceMessage: String(error instanceof Error ? error.message : error) }),
            }),
          )
        : { ok: false as const, error: toAppError(new Error('No probe module was given at start.')) };
      return port.post({ type: 'answer', id: frame.id, outcome });
    }
    case 'stop':
      await core.stop();
      return port.post({ type: 'stopped', id: frame.id });
  }
}
