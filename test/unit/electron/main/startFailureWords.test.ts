import { describe, expect, it } from 'vitest';
import { DataFolderInUseError } from '../../../../electron/core/app/dataFolderLock.ts';
import { CoreNotReadyError } from '../../../../electron/core/host/remoteCore.ts';
import { startFailureWords } from '../../../../electron/main/startFailureWords.ts';

describe('the desktop app’s words when it cannot start', () => {
  it('words a held data folder from its holder and folder, not from the log’s message', () => {
    expect(startFailureWords(new DataFolderInUseError('/data/cast', 4242, 'log line'))).toBe(
      'Another Cast Studio (process 4242) is already using the data folder /data/cast. Close it first, or choose another data folder.',
    );
    expect(startFailureWords(new DataFolderInUseError('/data/cast', null, 'log line'))).toBe(
      'Another Cast Studio is already using the data folder /data/cast. Close it first, or choose another data folder.',
    );
  });

  it('words a core that did not start in time from how long it waited', () => {
    expect(startFailureWords(new CoreNotReadyError(120_000, 'log line'))).toBe(
      'Cast Studio’s core did not start within 120 seconds. Open Cast Studio again; if it does not start then either, its log says why.',
    );
  });

  it('says any other error by its message', () => {
    expect(startFailureWords(new Error('The data folder is a file.'))).toBe('The data folder is a file.');
  });
});
