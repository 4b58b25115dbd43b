/**
 * The page the browser host points the browser at speaks Settings' language as the run began, else
 * the system's: no browser has asked for anything yet, so there is no Accept-Language to go by.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBrowserHost } from '../../../electron/web/browserHost.ts';
import { LAUNCH_PAGE_NAME } from '../../../electron/web/launchPage.ts';
import { ensureRendererBuilt } from '../../e2e/support/studioHost.ts';
import { MemoryKeychain } from '../../support/memoryKeychain.ts';

const LANGUAGE_VARIABLES = ['PATH', 'LANGUAGE', 'LC_ALL', 'LC_MESSAGES', 'LANG'] as const;

describe.skipIf(process.platform !== 'linux')('the browser host’s launch page', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** Starts a host that opens the studio, with an opener that opens nothing, and reads the page it wrote. */
  async function launchPage(preferences: object | null, env: Partial<Record<(typeof LANGUAGE_VARIABLES)[number], string>>) {
    ensureRendererBuilt();
    const base = mkdtempSync(join(tmpdir(), 'cast-launch-language-'));
    cleanups.push(() => rmSync(base, { recursive: true, force: true }));
    const bin = join(base, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'xdg-open'), '#!/bin/sh\nexit 0\n');
    chmodSync(join(bin, 'xdg-open'), 0o755);
    const saved = Object.fromEntries(LANGUAGE_VARIABLES.map((name) => [name, process.env[name]]));
    cleanups.push(() => {
      for (const name of LANGUAGE_VARIABLES) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    });
    for (const name of LANGUAGE_VARIABLES) delete process.env[name];
    Object.assign(process.env, env, { PATH: `${bin}:${saved.PATH ?? ''}` });

    const userDataDir = join(base, 'data');
    mkdirSync(userDataDir, { recursive: true, mode: 0o700 });
    if (preferences) writeFileSync(join(userDataDir, 'preferences.json'), JSON.stringify(preferences));
    const host = await startBrowserHost({ userDataDir, open: true, sandbox: 'none', keychain: new MemoryKeychain(), core: 'in-thread' });
    cleanups.push(() => host.stop());
    return readFileSync(join(userDataDir, LAUNCH_PAGE_NAME), 'utf8');
  }

  it('speaks the language chosen in Settings, whatever the system’s', async () => {
    const html = await launchPage({ settings: { language: 'ar' } }, { LANG: 'ja_JP.UTF-8' });
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<title>جارٍ فتح Cast Studio…</title>');
  }, 120_000);

  it('speaks the system’s language when Settings follow the system', async () => {
    const html = await launchPage({ settings: { language: 'system' } }, { LANG: 'ja_JP.UTF-8' });
    expect(html).toContain('<html lang="ja" dir="ltr">');
    expect(html).toContain('<title>Cast Studio を開いています…</title>');
  }, 120_000);
});
