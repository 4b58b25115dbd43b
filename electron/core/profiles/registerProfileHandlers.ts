import { AppFailure } from '../ipc/appFailure.ts';
import type { Router } from '../ipc/router.ts';
import type { ConnectionManager } from '../session/connectionManager.ts';

/** The connection commands: what ConnectionManager does with profiles, keys and the active connection. */
export type ProfileCommands = Pick<
  ConnectionManager,
  | 'connection'
  | 'completeOnboarding'
  | 'list'
  | 'add'
  | 'activate'
  | 'remove'
  | 'setKey'
  | 'removeKey'
  | 'test'
  | 'check'
  | 'setKeyRetention'
  | 'setBillingUrl'
>;

export function registerProfileHandlers(router: Router, connections: ProfileCommands): void {
  router.register('connection.get', () => connections.connection());
  router.register('connection.completeOnboarding', () => connections.completeOnboarding());
  router.register('profiles.list', () => connections.list());
  router.register('profiles.add', (input) => connections.add(input));
  router.register('profiles.activate', (input) => connections.activate(input.id));
  router.register('profiles.remove', async (input) => {
    await connections.remove(input.id);
    return { ok: true as const };
  });
  router.register('profiles.setKey', (input) => connections.setKey(input.id, input.apiKey.trim()));
  router.register('profiles.removeKey', async (input) => {
    if (!connections.list().some((p) => p.id === input.id)) throw new AppFailure('not_found', 'That connection no longer exists.');
    return connections.removeKey(input.id);
  });
  router.register('profiles.test', (input) => connections.test(input.id));
  router.register('profiles.check', (input) => connections.check(input));
  router.register('profiles.setKeyRetention', (input) => connections.setKeyRetention(input.id, input.seconds));
  router.register('profiles.setBillingUrl', (input) => connections.setBillingUrl(input.id, input.billingUrl));
}
