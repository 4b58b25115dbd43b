import type { DatabaseSync } from 'node:sqlite';

/**
 * One numbered step of the sandbox schema: `up` brings `PRAGMA user_version` from `version - 1` to
 * `version`, inside the runner's transaction. A shipped migration is never edited; a new one is appended.
 */
export type Migration = {
  version: number;
  name: string;
  up(db: DatabaseSync): void;
};
