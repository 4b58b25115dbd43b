import { AppFailure } from '../ipc/appFailure.ts';
import type { LogFields, Logger } from '../log/logger.ts';
import type { Keychain, KeyStorage } from '../secrets/keychain.ts';
import type { LaunchedSandbox, SandboxLauncher } from '../sandboxLaunch/sandboxOutput.ts';
import { KeychainAnswer, SandboxLaunchAnswer, type CorePort, type Outcome, type ShellCall } from './coreProtocol.ts';

/**
 * Core's side of the calls it makes to the shell: numbered requests, each settled by the shell's
 * `answer` frame. A refusal arrives as an AppError and is thrown again as an AppFailure, so the
 * shell's code (the keychain is unreachable, say) reaches the page unchanged.
 */
export class ShellCalls {
  private readonly port: CorePort;
  private readonly pending = new Map<number, (outcome: Outcome) => void>();
  private readonly sandboxExits = new Map<number, () => void>();
  private next = 1;

  constructor(port: CorePort) {
    this.port = port;
  }

  call(call: ShellCall): Promise<unknown> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (outcome) => (outcome.ok ? resolve(outcome.value) : reject(AppFailure.from(outcome.error))));
      this.port.post({ type: 'call', id, call });
    });
  }

  /** The shell answered call `id`; an answer to no call is ignored. */
  answered(id: number, outcome: Outcome): void {
    const settle = this.pending.get(id);
    this.pending.delete(id);
    settle?.(outcome);
  }

  sandboxExited(sandboxId: number): void {
    this.sandboxExits.get(sandboxId)?.();
    this.sandboxExits.delete(sandboxId);
  }

  /** The shell's keychain: the key crosses to core (the same app), never into a log or a page. */
  keychain(initialStorage: KeyStorage): Keychain {
    let storage = initialStorage;
    const ask = async (call: ShellCall) => {
      const answer = KeychainAnswer.parse(await this.call(call));
      storage = answer.storage;
      return answer.secret ?? null;
    };
    return {
      get: (account) => ask({ name: 'keychain.get', account }),
      set: async (account, secret) => void (await ask({ name: 'keychain.set', account, secret })),
      delete: async (account) => void (await ask({ name: 'keychain.delete', account })),
      storage: () => storage,
    };
  }

  /** The embedded sandbox, started by the shell (a child process, a utility process) when core asks. */
  sandboxLauncher(): SandboxLauncher {
    return async ({ dataDir, apiKey }): Promise<LaunchedSandbox> => {
      const answer = SandboxLaunchAnswer.parse(await this.call({ name: 'sandbox.launch', dataDir, apiKey }));
      const { sandboxId } = answer;
      const exited = answer.watched ? new Promise<void>((resolve) => this.sandboxExits.set(sandboxId, resolve)) : undefined;
      return {
        ready: answer.ready,
        pid: answer.pid,
        ...(exited ? { exited } : {}),
        stop: async () => void (await this.call({ name: 'sandbox.stop', sandboxId })),
      };
    };
  }

  /** Core's log lines to the shell's log (they pass core's redactor before they get here). */
  logger(): Logger {
    const line = (level: 'info' | 'warn' | 'error') => (message: string, fields?: LogFields) =>
      this.port.post({ type: 'log', level, message, ...(fields === undefined ? {} : { fields: cloneable(fields) }) });
    return { info: line('info'), warn: line('warn'), error: line('error') };
  }
}

/** Log fields as plain data (a port clones what it sends; a function or a class instance would not survive). */
function cloneable(fields: LogFields): LogFields {
  try {
    return JSON.parse(JSON.stringify(fields)) as LogFields;
  } catch {
    return { fields: 'not serialisable' };
  }
}
