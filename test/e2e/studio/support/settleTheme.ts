import type { Page } from 'playwright-core';

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
