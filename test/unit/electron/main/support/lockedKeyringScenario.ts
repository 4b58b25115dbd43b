/**
 * Run inside a D-Bus session whose Secret Service keyring is locked (no prompt can unlock it):
 * stores a key through the Electron shell's keychain with the real keytar, reads it back, and
 * prints what happened as one JSON line. Argument: the fallback file's path.
 */
import { existsSync, readFileSync } from 'node:fs';
import { silentLogger } from '../../../../../electron/core/log/logger.ts';
import { KeytarKeychain } from '../../../../../electron/core/secrets/keychain.ts';
import { KeychainWithFallback } from '../../../../../electron/main/keychainFallback.ts';

const file = process.argv[2] ?? '';
const KEY = `sk_live_${'7e'.repeat(32)}`;
const keytar = new KeytarKeychain('Cast Studio locked keyring test');
const keychain = new KeychainWithFallback({
  keytar,
  // A stand-in for Electron's safeStorage (not available outside Electron): a reversible cipher.
  safeStorage: {
    isEncryptionAvailable: () => true,
    encryptString: (text) => Buffer.from([...Buffer.from(text)].map((b) => b ^ 0x5a)),
    decryptString: (bytes) => Buffer.from([...bytes].map((b) => b ^ 0x5a)).toString(),
    getSelectedStorageBackend: () => 'gnome_libsecret',
  },
  file,
  log: silentLogger,
  askConsentToWeakStorage: async () => false,
});

let setError: string | null = null;
try {
  await keychain.set('profile-1', KEY);
} catch (error) {
  setError = error instanceof Error ? error.message : String(error);
}
const read = await keychain.get('profile-1');
const inKeyring = await keytar.get('profile-1').catch(() => null);
const copy = existsSync(file) ? readFileSync(file, 'utf8') : null;
console.log(
  JSON.stringify({
    setError,
    readBack: read === KEY,
    inKeyring: inKeyring !== null,
    copyExists: copy !== null,
    copyHasPlainKey: copy?.includes(KEY) ?? false,
  }),
);
