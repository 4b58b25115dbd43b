import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/**
 * The app's data is the user's alone: folders 0700 and files 0600 on Linux and macOS (Windows
 * keeps its own per-user ACLs on the profile folder, where these modes mean nothing).
 */
const POSIX = process.platform !== 'win32';
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Makes the folder (and its missing parents) and leaves it readable by its owner only. */
export function makePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (POSIX) chmodSync(path, PRIVATE_DIR_MODE);
}

/**
 * Creates the file if missing and leaves it readable by its owner only. SQLite gives a database's
 * -wal and -shm the mode of the database, so a library made this way stays private whole.
 */
export function makePrivateFile(path: string): void {
  if (!existsSync(path)) closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  if (POSIX) chmodSync(path, PRIVATE_FILE_MODE);
}

/** Leaves an existing file (a placed download, a -wal of an older library) readable by its owner only. */
export function keepPrivate(path: string): void {
  if (POSIX && existsSync(path)) chmodSync(path, PRIVATE_FILE_MODE);
}
