import keytar from 'keytar';

/** Where API keys live: the OS keychain, one entry per profile (account = profile id). */
export interface Keychain {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<void>;
  /** A sentence for the settings screen: which store holds the keys. */
  describe(): string;
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

  describe(): string {
    const store =
      process.platform === 'darwin'
        ? 'macOS Keychain'
        : process.platform === 'win32'
          ? 'Windows Credential Manager'
          : 'Secret Service keyring';
    return `API keys are kept in the ${store}.`;
  }
}
