/**
 * Automatic resends of a job whose answer (or attempt) the library could not record, before the
 * job waits for the user. Each waits like any other resend: without a bound and a wait, a full
 * disk turned one job into thousands of requests a minute.
 */
const LIBRARY_TRIES = 5;
const ANSWER_NOT_SAVED = 'answer_not_saved';
const ANSWER_NOT_SAVED_RETRYING =
  'Saving the service’s answer failed: free space or repair the library (Settings → Library → Check). Cast Studio will ask the service again with the same request key, which never charges twice.';
const ANSWER_NOT_SAVED_HELD =
  'Saving the service’s answer failed: free space or repair the library (Settings → Library → Check), then choose Send again. The job keeps its request key, so the service answers again instead of charging again.';
const SENDER_FAILED_RETRYING = 'Something went wrong while recording this job. Cast Studio will try again.';
const SENDER_FAILED_HELD =
  'Something went wrong while recording this job. It keeps its request key: choose Send again to ask the service again without paying twice, or restart Cast Studio.';

/** What the queue shows of a job whose recording failed, and whether it stopped resending on its own. */
export type LibraryRefusal = { code: string; message: string; held: boolean; logLine: string };

/**
 * Recording failed for the `tries`th time in a row: a library write refused (disk full, a damaged
 * file, a constraint) or a defect. After a few tries the job waits for the user (Send again) or a restart.
 */
export function libraryRefusal(error: unknown, tries: number): LibraryRefusal {
  const library = isLibraryError(error);
  const held = tries >= LIBRARY_TRIES;
  return {
    code: library ? ANSWER_NOT_SAVED : 'internal_error',
    message: library ? (held ? ANSWER_NOT_SAVED_HELD : ANSWER_NOT_SAVED_RETRYING) : held ? SENDER_FAILED_HELD : SENDER_FAILED_RETRYING,
    held,
    logLine: library
      ? 'The library could not record this job; it is sent again later with the same key.'
      : 'The sender failed unexpectedly; the job is sent again later with the same key.',
  };
}

/** node:sqlite's error for a statement the database refused (SQLITE_FULL, SQLITE_CORRUPT, a constraint…). */
function isLibraryError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ERR_SQLITE_ERROR';
}
