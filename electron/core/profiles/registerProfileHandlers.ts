import { AppFailure } from '../ipc/appFailure.ts';
import type { Router } from '../ipc/router.ts';
import type { ActiveConnection } from '../session/activeConnection.ts';
import type { ConnectionTester } from '../session/connectionTester.ts';
import type { ProfileService } from './profileService.ts';

/** The connection commands: the connection in use, the profiles and their keys, and their checks. */
export type ProfileCommands = {
  connection: Pick<ActiveConnection, 'connection' | 'completeOnboarding' | 'activate'>;
  profiles: Pick<ProfileService, 'list' | 'add' | 'remove' | 'setKey' | 'removeKey' | 'setKeyRetention' | 'setBillingUrl'>;
  tester: Pick<ConnectionTester, 'test' | 'check'>;
};

export function registerProfileHandlers(router: Router, { connection, profiles, tester }: ProfileCommands): void {
  router.register('connection.get', () => connection.connection());
  router.register('connection.completeOnboarding', () => connection.completeOnboarding());
  router.register('profiles.list', () => profiles.list());
  router.register('profiles.add', (input) => profiles.add(input));
  router.register('profiles.activate', (input) => connection.activate(input.id));
  router.register('profiles.remove', async (input) => {
    await profiles.remove(input.id);
    return { ok: true as const };
  });
  router.register('profiles.setKey', (input) => profiles.setKey(input.id, input.apiKey.trim()));
  router.register('profiles.removeKey', async (input) => {
    if (!profiles.list().some((p) => p.id === input.id)) throw new AppFailure('not_found', { what: 'connection' });
    return profiles.removeKey(input.id);
  });
  router.register('profiles.test', (input) => tester.test(input.id));
  router.register('profiles.check', (input) => tester.check(input));
  router.register('profiles.setKeyRetention', (input) => profiles.setKeyRetention(input.id, input.seconds));
  router.register('profiles.setBillingUrl', (input) => profiles.setBillingUrl(input.id, input.billingUrl));
}
