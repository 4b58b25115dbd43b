import type { Dispatcher } from 'undici';
import type { ConnectionCheck } from '../../../shared/ipc/index.ts';
import { createProfileDispatcher, type ServiceDispatcher } from '../api/dispatcher.ts';
import { ServiceError } from '../api/serviceError.ts';
import type { Clock } from '../clock/clock.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { Logger, Redactor } from '../log/logger.ts';
import type { KeyUse } from '../profiles/keyUse.ts';
import type { ProfileStore } from '../profiles/profileStore.ts';
import { accountCheck, checkHttps, checkKey, checkPem, checkService, failedWith, hostOf } from './connectionCheck.ts';
import { sandboxNotInUse } from './embeddedSandbox.ts';
import type { Session } from './session.ts';

export type ConnectionTesterDeps = {
  profiles: ProfileStore;
  keys: KeyUse;
  redactor: Redactor;
  clock: Clock;
  random: () => number;
  log: Logger;
  fetchDispatcher?: Dispatcher | undefined;
  /** The connection in use: its session asks with the client it already has, and hears of a key's new state. */
  connection: { readonly session: Session | null; changed(): void };
};

/** Candidate for `profiles.check`: a service's address, CA and key, before anything is saved. */
export type CandidateService = { baseUrl: string; cdnUrl: string; caPem?: string | undefined; apiKey?: string | undefined };

/**
 * `profiles.test` and `profiles.check`: asks a service once with a key (GET /v1/account) and
 * answers what it found or what failed, never the key.
 */
export class ConnectionTester {
  private readonly deps: ConnectionTesterDeps;

  constructor(deps: ConnectionTesterDeps) {
    this.deps = deps;
  }

  /**
   * Asks the service with this profile's key, whichever profile it is. The key's state follows the
   * answer at once ("not checked yet" no more).
   */
  async test(id: string): Promise<ConnectionCheck> {
    const record = this.deps.profiles.get(id);
    if (!record) throw new AppFailure('not_found', { what: 'connection' });
    const current = this.deps.connection.session;
    const session = current?.profile.id === id ? current : null;
    let result: ConnectionCheck;
    if (session) {
      result = await askInUse(session);
    } else if (record.kind === 'sandbox') {
      return sandboxNotInUse();
    } else {
      const apiKey = await this.readKey(id);
      result = await this.withDispatcher(record.caPem, (dispatcher) =>
        checkService({ baseUrl: record.baseUrl, apiKey, dispatcher }, this.deps),
      );
    }
    if (this.deps.keys.checked(id, result)) this.deps.connection.changed();
    return result;
  }

  /** Asks a candidate service (its address, CA and key) before anything is saved; stores nothing. */
  async check(input: CandidateService): Promise<ConnectionCheck> {
    checkHttps({ baseUrl: input.baseUrl, cdnUrl: input.cdnUrl });
    const caPem = input.caPem?.trim() ? checkPem(input.caPem) : null;
    const apiKey = input.apiKey?.trim() ? input.apiKey.trim() : null;
    if (apiKey) {
      checkKey(apiKey);
      this.deps.redactor.addSecret(apiKey);
    }
    return this.withDispatcher(caPem, (dispatcher) =>
      checkService({ baseUrl: input.baseUrl.replace(/\/+$/, ''), apiKey, dispatcher }, this.deps),
    );
  }

  private async readKey(id: string): Promise<string | null> {
    try {
      return await this.deps.profiles.readKey(id);
    } catch {
      throw new AppFailure('keychain_unavailable', { when: 'read' });
    }
  }

  /** A dispatcher for one check: the profile's trust (public roots plus its CA), closed afterwards. */
  private async withDispatcher<T>(caPem: string | null, run: (dispatcher: ServiceDispatcher) => Promise<T>): Promise<T> {
    if (this.deps.fetchDispatcher) return run(this.deps.fetchDispatcher);
    const dispatcher = createProfileDispatcher({ kind: 'remote', extraCaPem: caPem });
    try {
      return await run(dispatcher);
    } finally {
      await dispatcher.close().catch(() => {});
    }
  }
}

/** The session in use asks with the client it has; the account it reads is kept, as any account read is. */
async function askInUse(session: Session): Promise<ConnectionCheck> {
  try {
    const account = await session.api.account();
    session.credits.storeAccount(account);
    session.notePlan(account.subscription);
    return accountCheck(account, hostOf(session.api.http.baseUrl));
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return failedWith(error, hostOf(session.api.http.baseUrl));
  }
}
