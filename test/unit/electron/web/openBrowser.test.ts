import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBrowser } from '../../../../electron/web/openBrowser.ts';

/** Where no opener exists the failure is logged; the log must not receive a working launch code. */
describe.skipIf(process.platform !== 'linux')('opening the browser where the system has no opener', () => {
  it('says so without naming the launch address', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'cast-no-opener-'));
    const path = process.env.PATH;
    process.env.PATH = empty;
    try {
      const message = await new Promise<string>((resolve) => openBrowser('http://127.0.0.1:9/#launch=SECRET-CODE', resolve));
      expect(message).toMatch(/Could not open a browser/);
      expect(message).not.toContain('SECRET-CODE');
    } finally {
      process.env.PATH = path;
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
