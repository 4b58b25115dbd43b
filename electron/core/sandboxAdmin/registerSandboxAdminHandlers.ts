import type { CreditsBook } from '../account/creditsBook.ts';
import type { ApiClient } from '../api/apiClient.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { Router } from '../ipc/router.ts';
import type { JobQueue } from '../jobs/jobQueue.ts';
import { SandboxAdminClient } from './sandboxAdminClient.ts';
import type { ServiceDispatcher } from '../api/dispatcher.ts';

/** What Settings → Sandbox uses of the active connection. */
export type SandboxAdminServices = {
  api: Pick<ApiClient, 'account' | 'http'>;
  dispatcher: ServiceDispatcher;
  credits: Pick<CreditsBook, 'account' | 'storeAccount' | 'balance'>;
  queue: Pick<JobQueue, 'pump'>;
  readonly planRequired: boolean;
  /** The sandbox answers: while it does not, the commands answer `offline` at once, as the others do. */
  readonly online: boolean;
  notePlan(subscription: { status: string } | null): void;
};

/** The embedded sandbox's admin access while it is the connection in use (the token stays in core). */
export type SandboxAdminAccess = () => { session: SandboxAdminServices; adminToken: string } | null;

type Admin = { client: SandboxAdminClient; session: SandboxAdminServices; userId: string };

/**
 * Settings → Sandbox: approve or reject pending quotes, add credits, change the plan and the pace,
 * all through the embedded sandbox's admin API, for the account whose key the app uses.
 */
export function registerSandboxAdminHandlers(router: Router, deps: { access: SandboxAdminAccess }): void {
  const admin = () => adminOf(deps.access());

  router.register('sandbox.get', async () => {
    const { client, userId } = await admin();
    return client.state(userId);
  });

  router.register('sandbox.decideQuote', async (input) => {
    const { client } = await admin();
    await client.decide(input.id, input.decision);
    return { ok: true as const };
  });

  router.register('sandbox.addCredits', async (input) => {
    const { client, session, userId } = await admin();
    await client.grantCredits(userId, input.amount);
    await reread(session);
    return { balance: session.credits.balance() ?? 0 };
  });

  router.register('sandbox.setPlan', async (input) => {
    const { client, session, userId } = await admin();
    await client.setPlan(userId, input.plan);
    await reread(session);
    // A plan given back lets held work go: the next request tells (and clears plan_required).
    if (!session.planRequired) session.queue.pump();
    return { ok: true as const };
  });

  router.register('sandbox.setSpeed', async (input) => {
    const { client } = await admin();
    await client.setSpeed(input.speed);
    return { ok: true as const };
  });
}

async function adminOf(access: ReturnType<SandboxAdminAccess>): Promise<Admin> {
  if (!access) throw new AppFailure('not_sandbox', {});
  const { session, adminToken } = access;
  // Whether the sandbox answers, not canSend(): these go with the admin token, so a key waiting to be
  // replaced does not shut them.
  if (!session.online) throw new AppFailure('offline', { doing: 'sandbox' });
  const client = new SandboxAdminClient({ baseUrl: session.api.http.baseUrl, dispatcher: session.dispatcher, adminToken });
  // A service that refuses every call of a free-plan key (spec 5.3) refuses the account read too;
  // the account last read still names whose plan to change, so a lapsed plan can be restored here.
  const known = session.credits.account();
  const account = await session.api.account().catch((error: unknown) => {
    if (known) return null;
    throw error;
  });
  if (account) {
    session.credits.storeAccount(account);
    session.notePlan(account.subscription);
  }
  return { client, session, userId: account?.id ?? known?.id ?? '' };
}

/** After a change the account's balance and plan are read again, so the header and status follow. */
async function reread(session: SandboxAdminServices): Promise<void> {
  const account = await session.api.account().catch(() => null);
  if (!account) return;
  session.credits.storeAccount(account);
  session.notePlan(account.subscription);
}
