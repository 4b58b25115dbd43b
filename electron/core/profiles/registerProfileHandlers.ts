import type { CoreContext } from '../coreContext.ts';
import { AppFailure } from '../ipc/appFailure.ts';

export function registerProfileHandlers(ctx: CoreContext): void {
  const { router, connections } = ctx;
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
