import type { Migration } from './migration.ts';
import { migration0001 } from './0001-mirrors.ts';
import { migration0002 } from './0002-libraryIndex.ts';
import { migration0003 } from './0003-downloadQueue.ts';
import { migration0004 } from './0004-refundsByResource.ts';
import { migration0005 } from './0005-cdnRelativeSources.ts';
import { migration0006 } from './0006-scenes.ts';
import { migration0007 } from './0007-jobBatches.ts';
import { migration0008 } from './0008-kindCounts.ts';
import { migration0009 } from './0009-searchPrefixes.ts';
import { migration0010 } from './0010-jobDoubtAndWaits.ts';
import { migration0011 } from './0011-englishDefaultTitles.ts';

/** Every migration in order; a new one is appended, never edited once shipped. */
export const MIGRATIONS: readonly Migration[] = [
  migration0001,
  migration0002,
  migration0003,
  migration0004,
  migration0005,
  migration0006,
  migration0007,
  migration0008,
  migration0009,
  migration0010,
  migration0011,
];
