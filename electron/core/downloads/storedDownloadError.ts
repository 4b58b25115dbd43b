import { AppError } from '../../../shared/ipc/index.ts';
import { storedJson } from '../library/storedJson.ts';

/** Why a download failed for good (the download row's `failure`, migration 0005). */
export type DownloadFailure = 'unreachable' | 'gone' | 'disk_full' | 'error';

/**
 * A download's error as its row keeps it: the whole AppError (code and parameters) as JSON in
 * `error_message`, beside the `failure` kind the queue acts on. Rows written before codes replaced
 * sentences hold an English sentence there instead; `readStoredDownloadError` reads both.
 */
export function storedDownloadError(error: AppError): string {
  return JSON.stringify(error);
}

/**
 * The error a download's row holds, as the page words it: what was stored, or for an older row's
 * sentence (or anything unreadable) the known code its `failure` stands for. Null when it holds none.
 */
export function readStoredDownloadError(row: { failure: DownloadFailure | null; error_message: string | null }): AppError | null {
  if (row.error_message === null && row.failure === null) return null;
  const stored = storedJson(row.error_message, AppError);
  if (stored) return stored;
  if (row.failure === 'gone') return { code: 'download_gone', params: {} };
  if (row.failure === 'disk_full') return { code: 'disk_full', params: { when: 'download' } };
  return { code: 'download_failed', params: { why: row.failure === 'unreachable' ? 'unreachable' : 'other', status: null } };
}
