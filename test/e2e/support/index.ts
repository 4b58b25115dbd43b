/**
 * The shared end-to-end harness (see README.md beside this file).
 *
 *   const studio = await startStudioHost();            // core + embedded sandbox (fast) + host
 *   const browser = await launchChromium();             // the machine's Chromium, headless
 *   const page = await StudioPage.open(browser, studio.host.launchUrl(), { theme: 'dark' });
 *   await page.waitForEvent('job.updated', (job) => job.state === 'done');
 *   await page.screenshot('studio');                    // test-artifacts/screenshots/studio-dark.png
 *   await page.close(); await browser.close(); await studio.stop();
 */
export { chromiumMissing, chromiumPath, launchChromium } from './chromium.ts';
export { MemoryKeychain } from '../../support/memoryKeychain.ts';
export { ensureRendererBuilt, startStudioHost, type StudioHost, type StudioHostOptions } from './studioHost.ts';
export { screenshotPath, StudioPage, type Theme } from './studioPage.ts';
