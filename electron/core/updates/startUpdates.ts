import { Settings, type UpdateStatus } from '../../../shared/ipc/index.ts';
import type { ShellRouter } from '../host/remoteCore.ts';
import type { Logger } from '../log/logger.ts';
import { paidWorkFrom, registerUpdateHandlers } from './registerUpdateHandlers.ts';
import { UpdateService, type Updater } from './updateService.ts';

export type ShellUpdates = {
  /** The person changed Settings: the channel or automatic updates may differ. */
  settingsChanged(settings: unknown): void;
  stop(): void;
};

/**
 * Updates in a shell, once core is up: the update commands answered from the updater (or one
 * status where there is none), the settings read from core, and paid work asked of core's queue.
 */
export async function startUpdates(router: ShellRouter, updater: Updater | UpdateStatus, log: Logger): Promise<ShellUpdates> {
  if (!('check' in updater)) {
    registerUpdateHandlers(router, updater);
    return { settingsChanged: () => undefined, stop: () => undefined };
  }
  const service = new UpdateService({
    updater,
    paidWork: paidWorkFrom(router),
    emit: (status) => router.emit('updates.changed', status),
    log,
  });
  const unsubscribe = registerUpdateHandlers(router, service);
  const settingsChanged = (value: unknown) => {
    const settings = Settings.safeParse(value);
    if (settings.success) service.apply(settings.data);
  };
  const reply = await router.handle('settings.get', {});
  if (reply.ok) settingsChanged(reply.value);
  else service.apply({ autoUpdate: true, updateChannel: 'stable' });
  return {
    settingsChanged,
    stop: () => {
      unsubscribe();
      service.stop();
    },
  };
}

/**
 * The router's `handle` for a transport, telling updates of each saved settings change (the desktop
 * shell's IPC transport does the same with its `onReply`).
 */
export function handleWatchingSettings(router: Pick<ShellRouter, 'handle'>, updates: ShellUpdates): ShellRouter['handle'] {
  return async (command, input) => {
    const reply = await router.handle(command, input);
    if (command === 'settings.set' && reply.ok) updates.settingsChanged(reply.value);
    return reply;
  };
}

/**
 * The same router with `handle` watching settings. A proxy, not a spread: a spread copies only own
 * fields, and an in-process core's router keeps `subscribe` and the rest on its prototype.
 */
export function routerWatchingSettings<R extends Pick<ShellRouter, 'handle'>>(router: R, updates: ShellUpdates): R {
  const handle = handleWatchingSettings(router, updates);
  return new Proxy(router, {
    get(target, property) {
      if (property === 'handle') return handle;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
