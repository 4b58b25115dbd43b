import type { Migration } from './migration.ts';
import { migration0001 } from './0001-firstSchema.ts';
import { migration0002 } from './0002-presetPreviews.ts';

/** Every migration in order; a new one is appended, never edited once shipped. */
export const MIGRATIONS: readonly Migration[] = [migration0001, migration0002];
