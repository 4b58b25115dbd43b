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

/** Headless Chromium, quiet on the network: nothing but the pages a test opens. */
export async function launchChromium(): Promise<Browser> {
  const missing = chromiumMissing();
  if (missing) throw new Error(missing);
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}
