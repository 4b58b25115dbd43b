// Apart from keychain.ts, which loads keytar: core's thread reads these codes without it.

/**
 * Where a keychain keeps API keys: the OS's own store (`macos_keychain`, `windows_credential_manager`,
 * `secret_service`), the user data folder encrypted with the system's secure storage
 * (`encrypted_file`) or, with the person's consent, without real encryption (`unencrypted_file`),
 * only this process's memory (`memory`), or nowhere (`none`: the browser host found no keychain).
 */
export const KEY_STORAGES = [
  'macos_keychain',
  'windows_credential_manager',
  'secret_service',
  'encrypted_file',
  'unencrypted_file',
  'memory',
  'none',
] as const;
export type KeyStorage = (typeof KEY_STORAGES)[number];
