import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * The Chromium the machine has (never a downloaded one): `CHROMIUM_PATH`, else Debian's
 * /usr/bin/chromium.
 */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** Why browser tests cannot run here, or null when they can (for `describe.skipIf`). */
export function chromiumMissing(): string | null {
  return existsSync(chromiumPath()) ? null : `No Chromium at ${chromiumPath()}: install the chromium package or set CHROMIUM_PATH.`;
}

/**
 * Debian's `chromium-headless-shell`: Chromium's content layer (Blink, V8, the compositor) without
 * the browser around it (windows, tabs, the omnibox and its WebUI renderer), as Electron runs it.
 */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium the benchmarks time the app in: `CHROMIUM_PATH`, else the headless shell when the
 * machine has it, else the full browser. Full Chromium spends about 0.6 s of its browser process's
 * CPU on each new window's UI (4.7 s for 8 windows against 1.1–1.4 s for the shell, on the 2 cores
 * the app shares with it), which is neither the app's time nor the desktop app's.
 */
export function benchChromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : chromiumPath());
}

/** Headless Chromium (`executablePath`, default `chromiumPath()`), quiet on the network: nothing but the pages a test opens. */
export async function launchChromium(executablePath = chromiumPath()): Promise<Browser> {
  if (!existsSync(executablePath)) throw new Error(chromiumMissing() ?? `No Chromium at ${executablePath}.`);
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}
