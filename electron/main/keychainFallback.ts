import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AppFailure } from '../core/ipc/appFailure.ts';
import type { Logger } from '../core/log/logger.ts';
import type { Keychain } from '../core/secrets/keychain.ts';

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

const REFUSED_MESSAGE =
  'Your API key was not saved: no system keychain is reachable and you chose not to keep it without encryption. ' +
  'Set up a keychain (on Linux, GNOME Keyring or KWallet) and add the key again.';

type Vault = { version: 1; weak: boolean; secrets: Record<string, string> };

/**
 * The Electron shell's keychain: keytar first. Where keytar cannot reach a keychain (Linux without
 * a Secret Service), Electron's safeStorage encrypts the secret into a file in the user data folder.
 * Where safeStorage itself has no real backend (`basic_text`, or unknown), nothing is stored
 * unless the user says yes to a plain warning.
 */
export class KeychainWithFallback implements Keychain {
  private readonly deps: FallbackDeps;
  private keytarWorks: boolean | null = null;

  constructor(deps: FallbackDeps) {
    this.deps = deps;
  }

  async get(account: string): Promise<string | null> {
    if (await this.useKeytar()) return this.deps.keytar.get(account);
    const vault = await this.readVault();
    const stored = vault.secrets[account];
    if (stored === undefined) return null;
    try {
      return this.deps.safeStorage.decryptString(Buffer.from(stored, 'base64'));
    } catch {
      this.deps.log.warn('A stored API key could not be decrypted; it must be entered again.');
      return null;
    }
  }

  async set(account: string, secret: string): Promise<void> {
    if (await this.useKeytar()) return this.deps.keytar.set(account, secret);
    if (!this.deps.safeStorage.isEncryptionAvailable()) throw new AppFailure('keychain_unavailable', REFUSED_MESSAGE);
    const weak = this.weakBackend();
    const vault = await this.readVault();
    if (weak && !vault.weak && !(await this.deps.askConsentToWeakStorage(WEAK_STORAGE_WARNING))) {
      throw new AppFailure('keychain_unavailable', REFUSED_MESSAGE);
    }
    vault.weak ||= weak;
    vault.secrets[account] = this.deps.safeStorage.encryptString(secret).toString('base64');
    await this.writeVault(vault);
  }

  async delete(account: string): Promise<void> {
    if (await this.useKeytar()) return this.deps.keytar.delete(account);
    const vault = await this.readVault();
    if (!(account in vault.secrets)) return;
    delete vault.secrets[account];
    await this.writeVault(vault);
  }

  describe(): string {
    if (this.keytarWorks !== false) return this.deps.keytar.describe();
    return this.weakBackend()
      ? 'No keychain is reachable: with your consent, API keys are kept in the user data folder without real encryption.'
      : "No keychain is reachable: API keys are encrypted with the system's secure storage and kept in the user data folder.";
  }

  /** Probes keytar once: a missing Secret Service shows up as a rejected call. */
  private async useKeytar(): Promise<boolean> {
    if (this.keytarWorks === null) {
      try {
        await this.deps.keytar.get('cast-studio-keychain-probe');
        this.keytarWorks = true;
      } catch (error) {
        this.deps.log.warn('The system keychain is not reachable; falling back to safeStorage.', {
          reason: error instanceof Error ? error.message : String(error),
        });
        this.keytarWorks = false;
      }
    }
    return this.keytarWorks;
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

  private async writeVault(vault: Vault): Promise<void> {
    await mkdir(dirname(this.deps.file), { recursive: true });
    const temporary = `${this.deps.file}.tmp`;
    await writeFile(temporary, JSON.stringify(vault), { mode: 0o600 });
    await chmod(temporary, 0o600);
    await rename(temporary, this.deps.file);
  }
}
