/**
 * The browser host opens the studio without its secrets ever reaching a command line, which every
 * local user can read (`ps`, /proc/<pid>/cmdline): the opener and the browser are given a private
 * page in the data folder, which forwards to the studio with the launch code inside it.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../../electron/web/browserHost.ts';
import { LAUNCH_PAGE_NAME } from '../../../electron/web/launchPage.ts';
import { chromiumMissing, chromiumPath } from '../../e2e/support/chromium.ts';
import { ensureRendererBuilt } from '../../e2e/support/studioHost.ts';
import { MemoryKeychain } from '../../support/memoryKeychain.ts';

/** Every process's command line now, arguments joined by spaces. */
async function commandLines(): Promise<string[]> {
  const lines: string[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const text = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (text) lines.push(text.split('\0').join(' ').trim());
  }
  return lines;
}

/** The processes whose command line mentions `marker` (the test's own browser profile). */
async function pidsMentioning(marker: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const text = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (text.includes(marker) && Number(entry) !== process.pid) pids.push(Number(entry));
  }
  return pids;
}

describe.skipIf(chromiumMissing() !== null)('opening the studio from the browser host', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('puts no launch code, session token or media key on any process’s command line', async () => {
    ensureRendererBuilt();
    const base = mkdtempSync(join(tmpdir(), 'cast-cmdline-'));
    cleanups.push(() => rmSync(base, { recursive: true, force: true }));
    const profile = join(base, 'browser-profile');
    // The OS's opener, as a desktop has it: `xdg-open <what>` starts the default browser on it.
    const bin = join(base, 'bin');
    mkdirSync(bin);
    writeFileSync(
      join(bin, 'xdg-open'),
      `#!/bin/sh\nexec ${chromiumPath()} --headless=new --no-sandbox --disable-gpu --no-first-run --user-data-dir=${profile} "$1"\n`,
    );
    chmodSync(join(bin, 'xdg-open'), 0o755);
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path ?? ''}`;
    cleanups.push(async () => {
      process.env.PATH = path;
      for (const pid of await pidsMentioning(profile)) spawnSync('kill', ['-KILL', String(pid)]);
    });

    // Every command line seen from before the host starts until the page holds a session.
    const seen = new Set<string>();
    let scanning = true;
    const scanner = (async () => {
      while (scanning) for (const line of await commandLines()) seen.add(line);
    })();
    cleanups.push(async () => {
      scanning = false;
      await scanner;
    });

    const userDataDir = join(base, 'data');
    const host: BrowserHost = await startBrowserHost({ userDataDir, open: true, sandbox: 'none', keychain: new MemoryKeychain() });
    cleanups.push(() => host.stop());
    const launchPage = join(userDataDir, LAUNCH_PAGE_NAME);
    expect(statSync(launchPage).mode & 0o777).toBe(0o600);
    const launchCode = /#launch=([A-Za-z0-9_-]+)/.exec(readFileSync(launchPage, 'utf8'))?.[1] ?? '';
    expect(launchCode).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The browser followed the page to the studio, traded the code and connected its bridge.
    await expect.poll(() => host.sessions().length, { timeout: 60_000, interval: 50 }).toBe(1);
    await expect.poll(() => host.sessions()[0]?.lastUsedAt ?? 0, { timeout: 30_000, interval: 50 }).toBeGreaterThan(0);
    scanning = false;
    await scanner;

    const lines = [...seen];
    const mediaKey = /\/media\/([^/]+)\//.exec(host.mediaBase)?.[1] ?? '';
    for (const secret of [launchCode, mediaKey]) expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    // Launch codes and session tokens are 32 random bytes in base64url: the opener and the browser
    // (the processes that name its profile) carry none of any kind. Other programs on the machine
    // are not this test's to judge by shape.
    const opened = lines.filter((line) => line.includes(profile) || line.includes(LAUNCH_PAGE_NAME));
    expect(opened.filter((line) => /(?:^|[^A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?:$|[^A-Za-z0-9_-])/.test(line))).toEqual([]);
    // The scan did see the opening: the browser was given the private page, by path.
    expect(lines.filter((line) => line.includes(`file://${launchPage}`))).not.toEqual([]);
  }, 180_000);
});
