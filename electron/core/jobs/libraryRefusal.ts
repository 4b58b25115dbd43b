import { appError, type AppError } from '../../../shared/ipc/index.ts';

/**
 * Automatic resends of a job whose answer (or attempt) the library could not record, before the
 * job waits for the user. Each waits like any other resend: without a bound and a wait, a full
 * disk turned one job into thousands of requests a minute.
 */
const LIBRARY_TRIES = 5;

/** What the queue shows of a job whose recording failed, and whether it stopped resending on its own. */
export type LibraryRefusal = { error: AppError; held: boolean; log: string };

/**
 * Recording failed for the `tries`th time in a row: a library write refused (disk full, a damaged
 * file, a constraint) or a defect. After a few tries the job waits for the user (Send again) or a restart.
 */
export function libraryRefusal(error: unknown, tries: number): LibraryRefusal {
  const library = isLibraryError(error);
  const held = tries >= LIBRARY_TRIES;
  return {
    error: appError(library ? 'answer_not_saved' : 'job_not_recorded', { then: held ? 'held' : 'retrying' }),
    held,
    log: library
      ? 'The library could not record this job; it is sent again later with the same key.'
      : 'The sender failed unexpectedly; the job is sent again later with the same key.',
  };
}

/** node:sqlite's error for a statement the database refused (SQLITE_FULL, SQLITE_CORRUPT, a constraint…). */
function isLibraryError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ERR_SQLITE_ERROR';
}
