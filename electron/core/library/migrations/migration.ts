import type { DatabaseSync } from 'node:sqlite';

/** One numbered step of the library schema; `up` runs inside the runner's transaction. */
export type Migration = {
  version: number;
  name: string;
  up(db: DatabaseSync): void;
};
