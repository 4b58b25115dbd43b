import type { DatabaseSync } from 'node:sqlite';

/**
 * What a migration may need to know about the library's connection (the file alone does not say):
 * `cdnSource` turns an address on the connection's CDN into the part after the CDN's address, or
 * null for an address elsewhere. Absent when the caller does not know the connection.
 */
export type MigrationContext = { cdnSource?: (url: string) => string | null };

/** One numbered step of the library schema; `up` runs inside the runner's transaction. */
export type Migration = {
  version: number;
  name: string;
  up(db: DatabaseSync, context: MigrationContext): void;
};
