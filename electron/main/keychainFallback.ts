import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AppFailure } from '../core/ipc/appFailure.ts';
import type { Logger } from '../core/log/logger.ts';
import type { Keychain, KeyStorage } from '../core/secrets/keychain.ts';

/** The parts of Electron's safeStorage used here (injected, so tests run without Electron). */
export type SafeStorageLike = {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only in Electron; absent elsewhere, where the OS store always encrypts. */
  getSelectedStorageBackend?: () => string;
};

export type FallbackDeps = {
  keytar: Keychain;
  safeStorage: SafeStorageLike;
  /** The file of encrypted secrets under the user data folder. */
  file: string;
  /**
   * Asked once, only when the secret would be stored with no real encryption. Resolves true only
   * on the user's explicit yes; main shows a native dialog that says so plainly.
   */
  askConsentToWeakStorage: (message: string) => Promise<boolean>;
  log: Logger;
};

export const WEAK_STORAGE_WARNING =
  'Cast Studio could not reach a system keychain, and this computer has no secure storage for secrets either: ' +
  'your API key would be kept in a file anyone with access to your account could read. ' +
  'Store it anyway, or cancel and set up a keychain (on Linux, GNOME Keyring or KWallet) first?';

type Vault = { version: 1; weak: boolean; secrets: Record<string, string> };

/**
 * keytar's errors when no keychain can be reached at all (no session bus, no Secret Service): the
 * fallback holds for the rest of the run. Any other failure (a locked keyring, a dismissed prompt)
 * is transient, and keytar is asked again on the next call.
 */
const UNREACHABLE =
  /Could not connect|autolaunch D-Bus|not provided by any \.service files|dbus-launch|org\.freedesktop\.DBus\.Error\.(ServiceUnknown|NoServer|Spawn)/i;

const PROBE_ACCOUNT = 'cast-studio-keychain-probe';

/**
 * The Electron shell's keychain: keytar first. Where keytar cannot reach a keychain (Linux without
 * a Secret Service), or refuses a key for now (a locked keyring), Electron's safeStorage encrypts
 * the secret into a file in the user data folder. Where safeStorage itself has no real backend
 * (`basic_text`, or unknown), nothing is stored unless the user says yes to a plain warning.
 * Once keytar takes keys again, every copy in that file moves into the keychain and leaves the file.
 */
export class KeychainWithFallback implements Keychain {
  private readonly deps: FallbackDeps;
  /** `unreachable` is for the whole run; `unknown` means ask keytar again on the next call. */
  private keytarState: 'unknown' | 'reachable' | 'unreachable' = 'unknown';
  /** False once the file is known to hold no secret, so the keychain path reads no file. */
  private fileMayHoldSecrets = true;

  constructor(deps: FallbackDeps) {
    this.deps = deps;
  }

  async get(account: string): Promise<string | null> {
    if (await this.keytarReachable()) {
      await this.moveCopiesToKeychain();
      try {
        const secret = await this.deps.keytar.get(account);
        if (secret !== null) return secret;
      } catch (error) {
        this.keytarFailed(error);
      }
    }
    return this.getCopy(account);
  }

  async set(account: string, secret: string): Promise<void> {
    if (await this.keytarReachable()) {
      try {
        await this.deps.keytar.set(account, secret);
        await this.removeCopy(account);
        return;
      } catch (error) {
        this.keytarFailed(error);
      }
    }
    await this.setCopy(account, secret);
  }

  async delete(account: string): Promise<void> {
    if (await this.keytarReachable()) {
      try {
        await this.deps.keytar.delete(account);
      } catch (error) {
        this.keytarFailed(error);
      }
    }
    await this.removeCopy(account);
  }

  storage(): KeyStorage {
    if (this.keytarState !== 'unreachable') return this.deps.keytar.storage();
    return this.weakBackend() ? 'unencrypted_file' : 'encrypted_file';
  }

  /** Probes keytar until it answers once or proves unreachable; a transient failure is probed again next call. */
  private async keytarReachable(): Promise<boolean> {
    if (this.keytarState === 'unknown') {
      try {
        await this.deps.keytar.get(PROBE_ACCOUNT);
        this.keytarState = 'reachable';
      } catch (error) {
        this.keytarFailed(error);
      }
    }
    return this.keytarState === 'reachable';
  }

  private keytarFailed(error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    const unreachable = UNREACHABLE.test(reason);
    this.keytarState = unreachable ? 'unreachable' : 'unknown';
    this.deps.log.warn(
      unreachable
        ? 'The system keychain is not reachable; falling back to safeStorage.'
        : 'The system keychain refused for now (it may be locked); keeping keys with safeStorage until it takes them again.',
      { reason },
    );
  }

  /** Moves every copy in the file into the keychain; a copy the keychain does not take stays. */
  private async moveCopiesToKeychain(): Promise<void> {
    if (!this.fileMayHoldSecrets) return;
    const vault = await this.readVault();
    let moved = 0;
    for (const [account, stored] of Object.entries(vault.secrets)) {
      const secret = this.decrypt(stored);
      try {
        if (secret !== null) await this.deps.keytar.set(account, secret);
      } catch (error) {
        this.keytarFailed(error);
        break;
      }
      delete vault.secrets[account];
      moved += 1;
    }
    if (moved > 0) {
      await this.writeVault(vault);
      this.deps.log.info('API keys kept in the user data folder moved back into the system keychain.', { moved });
    }
    this.fileMayHoldSecrets = Object.keys(vault.secrets).length > 0;
  }

  private async getCopy(account: string): Promise<string | null> {
    const stored = (await this.readVault()).secrets[account];
    return stored === undefined ? null : this.decrypt(stored);
  }

  private async setCopy(account: string, secret: string): Promise<void> {
    if (!this.deps.safeStorage.isEncryptionAvailable()) throw new AppFailure('keychain_unavailable', { when: 'refused_weak' });
    const weak = this.weakBackend();
    const vault = await this.readVault();
    if (weak && !vault.weak && !(await this.deps.askConsentToWeakStorage(WEAK_STORAGE_WARNING))) {
      throw new AppFailure('keychain_unavailable', { when: 'refused_weak' });
    }
    vault.weak ||= weak;
    vault.secrets[account] = this.deps.safeStorage.encryptString(secret).toString('base64');
    this.fileMayHoldSecrets = true;
    await this.writeVault(vault);
  }

  private async removeCopy(account: string): Promise<void> {
    if (!this.fileMayHoldSecrets) return;
    const vault = await this.readVault();
    if (!(account in vault.secrets)) return;
    delete vault.secrets[account];
    await this.writeVault(vault);
  }

  private decrypt(stored: string): string | null {
    try {
      return this.deps.safeStorage.decryptString(Buffer.from(stored, 'base64'));
    } catch {
      this.deps.log.warn('A stored API key could not be decrypted; it must be entered again.');
      return null;
    }
  }

  private weakBackend(): boolean {
    const backend = this.deps.safeStorage.getSelectedStorageBackend?.();
    return backend === 'basic_text' || backend === 'unknown';
  }

  private async readVault(): Promise<Vault> {
    try {
      const parsed = JSON.parse(await readFile(this.deps.file, 'utf8')) as Partial<Vault>;
      const secrets = typeof parsed.secrets === 'object' && parsed.secrets !== null ? parsed.secrets : {};
      return { version: 1, weak: parsed.weak === true, secrets: { ...secrets } };
    } catch {
      return { version: 1, weak: false, secrets: {} };
    }
  }

  /** Writes the file atomically; a file left with no secret is removed, so no copy outlives its key. */
  private async writeVault(vault: Vault): Promise<void> {
    if (Object.keys(vault.secrets).length === 0) {
      await rm(this.deps.file, { force: true });
      this.fileMayHoldSecrets = false;
      return;
    }
    await mkdir(dirname(this.deps.file), { recursive: true });
    const temporary = `${this.deps.file}.tmp`;
    await writeFile(temporary, JSON.stringify(vault), { mode: 0o600 });
    await chmod(temporary, 0o600);
    await rename(temporary, this.deps.file);
  }
}
