import keytar from 'keytar';
import type { KeyStorage } from './keyStorage.ts';

export type { KeyStorage } from './keyStorage.ts';

/** Where API keys live: the OS keychain, one entry per profile (account = profile id). */
export interface Keychain {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<void>;
  /** Which store holds the keys now: a code, for the page to word where it says so. */
  storage(): KeyStorage;
}

export const KEYCHAIN_SERVICE = 'Cast Studio';

/** The OS keychain through keytar (Keychain on macOS, Credential Vault on Windows, Secret Service on Linux). */
export class KeytarKeychain implements Keychain {
  private readonly service: string;

  constructor(service: string = KEYCHAIN_SERVICE) {
    this.service = service;
  }

  async get(account: string): Promise<string | null> {
    return keytar.getPassword(this.service, account);
  }

  async set(account: string, secret: string): Promise<void> {
    await keytar.setPassword(this.service, account, secret);
  }

  async delete(account: string): Promise<void> {
    await keytar.deletePassword(this.service, account);
  }

  storage(): KeyStorage {
    return process.platform === 'darwin'
      ? 'macos_keychain'
      : process.platform === 'win32'
        ? 'windows_credential_manager'
        : 'secret_service';
  }
}
