import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crashSummary, dismissCrash, readLastCrash, writeCrash } from '../../../../../electron/core/app/crashLog.ts';
import { diagnosticsText, type DiagnosticFacts } from '../../../../../electron/core/app/diagnostics.ts';
import { Redactor } from '../../../../../electron/core/log/logger.ts';
import { tempDir } from '../support/tempDir.ts';

const KEY = 'sk_live_4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c';
const ADMIN_TOKEN = 'adm-tok-93b1e0c7d2f4a6b8';

function crashWithSecrets(): Error {
  const error = new Error(`The poller failed for ${KEY} (admin ${ADMIN_TOKEN}) reading ${homedir()}/Cast/library.db`);
  error.stack = `Error: ${error.message}\n    at poll (${homedir()}/app/core.js:10:5)\n    at run (node:internal/timers:1:1)`;
  return error;
}

describe('the crash log', () => {
  it('keeps the crash for the next start with no key, admin token or home path, in both files', () => {
    const logs = join(tempDir(), 'logs');
    const secrets = new Redactor();
    secrets.addSecret(ADMIN_TOKEN);
    writeCrash(logs, { where: 'core', origin: 'uncaughtException', version: '1.2.0', error: crashWithSecrets() }, secrets);
    const crash = readLastCrash(logs);
    expect(crash).toMatchObject({ where: 'core', origin: 'uncaughtException', version: '1.2.0' });
    expect(crash?.message).toMatch(/^The poller failed for \[redacted\] \(admin \[redacted\]\) reading ~\/Cast\/library\.db$/);
    expect(crash?.stack[0]).toBe('at poll (~/app/core.js:10:5)');
    const written = readFileSync(join(logs, 'last-crash.json'), 'utf8') + readFileSync(join(logs, 'crash.log'), 'utf8');
    for (const secret of [KEY, ADMIN_TOKEN, homedir()]) expect(written).not.toContain(secret);
    expect(readFileSync(join(logs, 'crash.log'), 'utf8')).toContain(crashSummary(crash!));
  });

  it('a dismissed crash is no longer announced, and stays in the logs folder', () => {
    const logs = join(tempDir(), 'logs');
    writeCrash(logs, { where: 'main', origin: 'unhandledRejection', version: '1.2.0', error: 'a rejection that is not an Error' });
    expect(readLastCrash(logs)?.message).toBe('a rejection that is not an Error');
    dismissCrash(logs);
    expect(readLastCrash(logs)).toBeNull();
    expect(existsSync(join(logs, 'crash-seen.json'))).toBe(true);
  });

  it("puts the last crash's summary and stack in the diagnostics", () => {
    const facts: DiagnosticFacts = {
      version: '1.2.0',
      build: null,
      host: 'electron',
      node: '24.0.0',
      electron: null,
      chromium: null,
      page: null,
      os: 'linux',
      connection: null,
      library: null,
      recentErrors: [],
      lastCrash: { summary: '2026-12-02T03:00:00.000Z core (1.2.0) uncaughtException: boom', stack: ['at poll (~/app/core.js:10:5)'] },
    };
    expect(diagnosticsText(facts, { secrets: new Redactor(), homeDir: homedir() })).toContain(
      'Last crash:\n  2026-12-02T03:00:00.000Z core (1.2.0) uncaughtException: boom\n    at poll (~/app/core.js:10:5)',
    );
  });
});
