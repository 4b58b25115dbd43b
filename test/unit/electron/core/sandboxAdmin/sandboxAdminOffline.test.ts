import { describe, expect, it } from 'vitest';
import { AppFailure } from '../../../../../electron/core/ipc/appFailure.ts';
import { Router } from '../../../../../electron/core/ipc/router.ts';
import type { ServiceDispatcher } from '../../../../../electron/core/api/dispatcher.ts';
import {
  registerSandboxAdminHandlers,
  type SandboxAdminServices,
} from '../../../../../electron/core/sandboxAdmin/registerSandboxAdminHandlers.ts';

/**
 * Settings → Sandbox while the sandbox does not answer: its commands say `offline` at once, as the
 * service's commands do, instead of sending (the account read retries six times before it gives up).
 */
function sandboxSession(online: boolean) {
  const sent: string[] = [];
  const session = {
    online,
    planRequired: false,
    api: {
      http: { baseUrl: 'http://127.0.0.1:9/v1' },
      account: async () => {
        sent.push('account');
        throw new AppFailure('network_error', {});
      },
    },
    dispatcher: {
      request: async (options: { path: string }) => {
        sent.push(options.path);
        throw new Error('connect ECONNREFUSED 127.0.0.1:9');
      },
    } as unknown as ServiceDispatcher,
    credits: { account: () => ({ id: 'user_1' }), storeAccount: () => undefined, balance: () => 0 },
    queue: { pump: () => undefined },
    notePlan: () => undefined,
  } as unknown as SandboxAdminServices;
  const router = new Router();
  registerSandboxAdminHandlers(router, { access: () => ({ session, adminToken: 'admin-token' }) });
  return { router, sent };
}

const COMMANDS = [
  ['sandbox.get', {}],
  ['sandbox.decideQuote', { id: 'quote_1', decision: 'approve' }],
  ['sandbox.addCredits', { amount: 100 }],
  ['sandbox.setPlan', { plan: 'creator' }],
  ['sandbox.setSpeed', { speed: 'fast' }],
] as const;

describe('the sandbox admin commands while the sandbox does not answer', () => {
  it.each(COMMANDS)('%s answers offline at once and sends nothing', async (command, input) => {
    const { router, sent } = sandboxSession(false);
    const reply = await router.handle(command, input);
    expect(reply).toEqual({ ok: false, error: { code: 'offline', params: { doing: 'sandbox' } } });
    expect(sent).toEqual([]);
  });

  it('still sends while the sandbox answers', async () => {
    const { router, sent } = sandboxSession(true);
    const reply = await router.handle('sandbox.setSpeed', { speed: 'fast' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'sandbox_unavailable' } });
    expect(sent).toEqual(['account', '/sandbox/speed']);
  });
});
