import { afterAll, describe, expect, it } from 'vitest';
import { startCore, type Harness } from './support/coreHarness.ts';
import { hasSecretService, testKeychain } from './support/keychainForTests.ts';

const keychain = testKeychain();
let h: Harness | null = null;
afterAll(async () => {
  await h?.stop();
  await keychain.delete('sandbox').catch(() => {});
});

/**
 * Under `strict-scopes` every /v1 call of a free-plan key is refused with plan_required (spec 5.3),
 * the account read included. Settings → Sandbox must still be able to give the plan back.
 */
describe.skipIf(!hasSecretService)('Settings → Sandbox on a service that refuses a free plan everything', () => {
  it('restores a lapsed plan, though the account can no longer be read with the key', async () => {
    h = await startCore({ keychain, variants: ['strict-scopes'] });
    const before = (await h.invoke('sandbox.get', {})) as { account: { plan: string } };
    expect(before.account.plan).not.toBe('free');
    await h.invoke('sandbox.setPlan', { plan: 'free' });
    await h.invoke('sandbox.setPlan', { plan: 'creator' });
    const after = (await h.invoke('sandbox.get', {})) as { account: { plan: string } };
    expect(after.account.plan).toBe('creator');
  });
});
