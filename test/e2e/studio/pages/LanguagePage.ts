import type { Locator, Page } from 'playwright-core';

/** Settings → Language: the menu of languages, and what the document says about its language. */
export class LanguagePage {
  readonly page: Page;
  readonly root: Locator;

  constructor(page: Page) {
    this.page = page;
    this.root = page.locator('section#language');
  }

  async show(): Promise<void> {
    await this.root.scrollIntoViewIfNeeded();
    await this.root.locator('.ui-select[data-field="language"]').waitFor();
  }

  /** Opens the menu and picks the language listed under `name` (each is named in itself: "日本語"). */
  async choose(name: string): Promise<void> {
    await this.root.locator('.ui-select[data-field="language"] .ui-select-button').click();
    await this.page.getByRole('option', { name, exact: true }).click();
  }

  /** The value the menu holds: 'system' or a language tag. */
  async chosen(): Promise<string | null> {
    return this.root.locator('.ui-select[data-field="language"]').getAttribute('data-value');
  }

  async document(): Promise<{ lang: string; dir: string }> {
    return this.page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
  }

  async navLabel(screen: string): Promise<string> {
    return (await this.page.locator(`[data-nav="${screen}"] .nav-label`).innerText()).trim();
  }

  /** Waits until the navigation names `screen` as `label`. */
  async waitForNavLabel(screen: string, label: string | RegExp): Promise<void> {
    await this.page.locator(`[data-nav="${screen}"] .nav-label`, { hasText: label }).waitFor();
  }
}
