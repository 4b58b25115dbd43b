/**
 * The end-to-end harness, one module (see README.md beside this file).
 *
 *   const studio = await startStudioHost();             // core + sandbox (fast) + host, fresh folder
 *   const browser = await launchChromium();             // the machine's Chromium, headless
 *   const app = await StudioApp.open(browser, studio.url, { theme: 'dark' });
 *   await studio.createCharacter('Mira');               // setup through core's router (CoreDriver)
 *   await app.waitForEvent('job.updated', (job) => job.state === 'done');
 *   expect(await inspectScreen(app.page, 'cast')).toBe(''); // screenshots + axe in both themes
 *   await app.close(); await browser.close(); await studio.stop();
 */
export { formatFindings, seriousViolations, WCAG_A_AA, type AxeFinding } from './axe.ts';
export { chromiumMissing, chromiumPath, launchChromium } from './chromium.ts';
export { CoreDriver, type Patience } from './coreDriver.ts';
export { MemoryKeychain } from '../../support/memoryKeychain.ts';
export { makePng } from './pngBytes.ts';
export { recordFirstImageElement, recordLibraryAnswers } from './pageRecorders.ts';
export { SandboxAdmin, type Plan } from './sandboxAdmin.ts';
export { inspectAtEverySize, inspectScreen, resize, SCREEN_SIZES, settleTheme, sizeName, type ScreenSize } from './screens.ts';
export { SEED_WORD, seedCreditHistory, seedItem, seedLibrary } from './seedLibrary.ts';
export { ensureNoticesBuilt, ensureRendererBuilt, startStudioHost, StudioHost, type StudioHostOptions } from './studioHost.ts';
export { screenshotPath, StudioPage, type Theme } from './studioPage.ts';
export { textThatDoesNotFit, type FitAllowance } from './textFits.ts';
export { readWireFrame, type WireFrame } from './wireFrames.ts';
