import { describe, expect, it } from 'vitest';
import { DataFolderInUseError } from '../../../../electron/core/app/dataFolderLock.ts';
import { CoreNotReadyError } from '../../../../electron/core/host/remoteCore.ts';
import { loadShellWords } from '../../../../electron/main/shellWords.ts';
import { startFailureWords } from '../../../../electron/main/startFailureWords.ts';

const english = await loadShellWords('en');
/** The text without the isolate marks set around a path (tested in shellWords.test.ts). */
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');

describe('the desktop app’s words when it cannot start', () => {
  it('words a held data folder from its holder and folder, not from the log’s message', () => {
    expect(plain(startFailureWords(new DataFolderInUseError('/data/cast', 4242, 'log line'), english))).toBe(
      'Another Cast Studio (process 4242) is already using the data folder /data/cast. Close it first, or choose another data folder.',
    );
    expect(plain(startFailureWords(new DataFolderInUseError('/data/cast', null, 'log line'), english))).toBe(
      'Another Cast Studio is already using the data folder /data/cast. Close it first, or choose another data folder.',
    );
  });

  it('words a core that did not start in time from how long it waited', () => {
    expect(startFailureWords(new CoreNotReadyError(120_000, 'log line'), english)).toBe(
      'Cast Studio’s core did not start within 120 seconds. Open Cast Studio again; if it does not start then either, its log says why.',
    );
    expect(startFailureWords(new CoreNotReadyError(1_000, 'log line'), english)).toContain('within 1 second.');
  });

  it('says them in the studio’s language', async () => {
    const german = await loadShellWords('de');
    expect(plain(startFailureWords(new DataFolderInUseError('/data/cast', 12345, 'log line'), german))).toBe(
      'Ein anderes Cast Studio (Prozess 12345) verwendet den Datenordner /data/cast bereits. Zuerst dieses schließen oder einen anderen Datenordner wählen.',
    );
    const japanese = await loadShellWords('ja');
    expect(startFailureWords(new DataFolderInUseError('/data/cast', null, 'log line'), japanese)).toBe(
      '別の Cast Studioがデータフォルダー \u2068/data/cast\u2069 をすでに使用しています。先にそちらを閉じるか、別のデータフォルダーを選んでください。',
    );
    const arabic = await loadShellWords('ar');
    expect(startFailureWords(new CoreNotReadyError(120_000, 'log line'), arabic)).toMatch(
      /^لم تبدأ نواة Cast Studio خلال .*120.* ثانية\./u,
    );
    expect(startFailureWords(new CoreNotReadyError(2_000, 'log line'), arabic)).toContain('خلال ثانيتين.');
  });

  it('says any other error by its message', () => {
    expect(startFailureWords(new Error('The data folder is a file.'), english)).toBe('The data folder is a file.');
  });
});
