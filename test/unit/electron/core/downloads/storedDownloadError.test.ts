import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../../shared/ipc/index.ts';
import { readStoredDownloadError, storedDownloadError } from '../../../../../electron/core/downloads/storedDownloadError.ts';

describe('a download’s error as its row keeps it', () => {
  it('keeps a code and its parameters, and reads them back as they were', () => {
    const errors: AppError[] = [
      { code: 'download_too_large', params: { why: 'announced', kind: 'image', size: 104_857_600, limit: 67_108_864 } },
      { code: 'download_source_refused', params: { why: 'private_address', host: 'cdn.example', address: '127.0.0.1' } },
      { code: 'download_redirect_refused', params: { why: 'too_many', most: 5 } },
      { code: 'disk_full', params: { when: 'download' } },
    ];
    for (const error of errors) {
      const stored = storedDownloadError(error);
      expect(stored).not.toMatch(/[A-Z][a-z]+ [a-z]+ [a-z]+/);
      expect(readStoredDownloadError({ failure: 'error', error_message: stored })).toEqual(error);
    }
  });

  it('reads an older version’s English sentence as the known code its failure stands for', () => {
    const older = (failure: 'gone' | 'disk_full' | 'unreachable' | 'error' | null, error_message: string) =>
      readStoredDownloadError({ failure, error_message });
    expect(older('gone', 'The file is no longer available on the service.')).toEqual({ code: 'download_gone', params: {} });
    expect(older('disk_full', 'Your disk is full, so this file could not be saved. Free some space, then run the library check.')).toEqual({
      code: 'disk_full',
      params: { when: 'download' },
    });
    expect(older('unreachable', 'The file could not be downloaded (connect ECONNREFUSED 127.0.0.1:41001). Run the library check.')).toEqual(
      { code: 'download_failed', params: { why: 'unreachable', status: null } },
    );
    expect(older(null, 'The file could not be downloaded (HTTP 500). Run the library check to try again.')).toEqual({
      code: 'download_failed',
      params: { why: 'other', status: null },
    });
    // Stored by a newer version with a code this one lacks: still a known code.
    expect(older('error', '{"code":"download_from_the_future","params":{}}')).toEqual({
      code: 'download_failed',
      params: { why: 'other', status: null },
    });
    for (const error of [older('gone', 'x'), older('error', '{not json')]) expect(AppError.safeParse(error).success).toBe(true);
  });

  it('holds no error for a download that has none', () => {
    expect(readStoredDownloadError({ failure: null, error_message: null })).toBeNull();
  });
});
