import { randomUUID } from 'node:crypto';
import { KeytarKeychain } from '../../../electron/core/secrets/keychain.ts';

/**
 * The real OS keychain (Secret Service on Linux: run the suite under
 * `dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets; npx vitest run ...'`),
 * under a service name of its own so a test never touches a user's real Cast Studio entries.
 */
export function testKeychain(): KeytarKeychain {
  return new KeytarKeychain(`Cast Studio Test ${randomUUID()}`);
}

export const hasSecretService = process.platform !== 'linux' || Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
