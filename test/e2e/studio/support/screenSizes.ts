import type { Page } from 'playwright-core';
import { inspectScreen } from './inspectScreen.ts';

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
