import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The shell's logic lives in modules that run without Electron, so unit tests can load them.
 * Loading the `electron` package from plain Node would start a download of its binary, so these
 * modules may import Electron's types, never its values.
 */
const PURE = [
  'electron/main/appMenuTemplate.ts',
  'electron/main/appResponse.ts',
  'electron/main/appUrls.ts',
  'electron/main/externalLinks.ts',
  'electron/main/fileNames.ts',
  'electron/main/jobNotice.ts',
  'electron/main/keychainFallback.ts',
  'electron/main/mediaResponse.ts',
  'electron/main/queueProgress.ts',
  'electron/main/senderPolicy.ts',
  'electron/main/shellWords.ts',
  'electron/main/startFailureWords.ts',
  'electron/main/uploadCheck.ts',
  'electron/main/windowState.ts',
  'electron/main/windowStateFile.ts',
];

describe('pure shell modules', () => {
  for (const file of PURE) {
    it(`${file} imports nothing from electron at run time`, () => {
      const source = readFileSync(fileURLToPath(new URL(`../../../../${file}`, import.meta.url)), 'utf8');
      const valueImports = source.split('\n').filter((line) => /^import\s+(?!type\b).*from\s+'electron(?:-store)?'/.test(line));
      expect(valueImports).toEqual([]);
    });
  }
});
