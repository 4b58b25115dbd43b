import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Page } from 'playwright-core';
import { formatFindings, seriousViolations } from './axe.ts';
import { screenshotPath } from './studioPage.ts';

/** The window sizes every screen is checked at: a small laptop, a common laptop, a desktop. */
export const SCREEN_SIZES = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;
export type ScreenSize = (typeof SCREEN_SIZES)[number];

export const sizeName = (size: ScreenSize) => `${size.width}x${size.height}`;

/** Resizes the window and waits until the page has laid itself out at the new size. */
export async function resize(page: Page, size: ScreenSize): Promise<void> {
  await page.setViewportSize(size);
  await page.waitForFunction(({ width, height }) => innerWidth === width && innerHeight === height, size);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Switches the OS colour scheme the app follows and waits until the page has painted with it:
 * the body's computed colour is the theme's, then two animation frames have passed.
 */
export async function settleTheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await page.waitForFunction((scheme) => matchMedia(`(prefers-color-scheme: ${scheme})`).matches, colorScheme);
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        // Reading layout and style forces the recalculation now rather than at the next frame.
        void document.body.getBoundingClientRect();
        void getComputedStyle(document.body).color;
        requestAnimationFrame(() => requestAnimationFrame(resolve));
      }),
  );
}

/**
 * What a reviewer needs of one screen, in the light and the dark theme: a screenshot
 * (test-artifacts/screenshots/studio-<name>-<theme>.png) and the axe findings (colour contrast
 * differs between themes). Returns a readable report of serious and critical findings, empty when none.
 */
export async function inspectScreen(page: Page, name: string): Promise<string> {
  await mkdir(dirname(screenshotPath('studio', 'light')), { recursive: true });
  const report: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await settleTheme(page, colorScheme);
    // The picture first: axe reads the page hard, and the shot should show what a person sees.
    await page.screenshot({ path: screenshotPath(`studio-${name}`, colorScheme), animations: 'disabled' });
    const findings = await seriousViolations(page);
    if (findings.length > 0) report.push(`${name} (${colorScheme}):\n${formatFindings(findings)}`);
  }
  await settleTheme(page, 'light');
  return report.join('\n');
}

/**
 * Photographs what the page shows at every size in both themes (studio-<name>-<size>-<theme>.png)
 * and returns axe's serious and critical findings, empty when none. `prepare` runs after each
 * resize, for what depends on the size (a scroll position, a drawer).
 */
export async function inspectAtEverySize(page: Page, name: string, prepare?: (size: ScreenSize) => Promise<void>): Promise<string> {
  const reports: string[] = [];
  for (const size of SCREEN_SIZES) {
    await resize(page, size);
    await prepare?.(size);
    reports.push(await inspectScreen(page, `${name}-${sizeName(size)}`));
  }
  return reports.filter(Boolean).join('\n');
}
