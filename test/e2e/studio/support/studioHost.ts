import type { Browser } from 'playwright-core';
import { launchChromium, startStudioHost, type StudioHost } from '../../support/index.ts';
import { StudioApp } from '../pages/StudioApp.ts';

export type StudioSession = { studio: StudioHost; browser: Browser; app: StudioApp; close: () => Promise<void> };

/**
 * The shared harness (test/e2e/support): the browser host on a fresh temporary folder with its
 * embedded sandbox in fast mode, and Chromium on the studio, ready once the app heard from the host.
 */
export async function openStudio(): Promise<StudioSession> {
  const studio = await startStudioHost();
  const browser = await launchChromium();
  const app = await StudioApp.open(browser, studio.host.launchUrl(), { theme: 'light', viewport: { width: 1360, height: 880 } });
  return {
    studio,
    browser,
    app,
    close: async () => {
      await app.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await studio.stop().catch(() => undefined);
    },
  };
}
