import type { Locator, Page } from 'playwright-core';

/** Settings → About: the versions and folders, the licences list and "Copy diagnostics". */
export class AboutPage {
  readonly page: Page;
  readonly root: Locator;

  constructor(page: Page) {
    this.page = page;
    this.root = page.locator('section#settings-about');
  }

  /** Scrolls the panel into view and waits until core has answered with the folders. */
  async show(): Promise<void> {
    await this.root.scrollIntoViewIfNeeded();
    await this.root.locator('.about-folder[data-folder="logs"]').waitFor();
  }

  async folder(folder: 'data' | 'logs'): Promise<string> {
    return (await this.root.locator(`.about-folder[data-folder="${folder}"] .path`).innerText()).trim();
  }

  /** Asks to open a folder; returns the sentence shown beside it, if any (the browser host cannot open one). */
  async openFolder(folder: 'data' | 'logs'): Promise<string> {
    const row = this.root.locator(`.about-folder[data-folder="${folder}"]`);
    await row.getByRole('button', { name: /^Open/ }).click();
    const note = row.locator('.about-folder-note');
    await note.waitFor();
    return (await note.innerText()).trim();
  }

  /** Updates: the sentence that says where they stand, once it says `expected`. */
  async updatesWords(expected?: RegExp): Promise<string> {
    const words = this.root.locator('[data-testid="updates-words"]');
    if (expected) await words.filter({ hasText: expected }).waitFor();
    return (await words.innerText()).trim();
  }

  async releaseNotes(): Promise<string> {
    return (await this.root.locator('[data-testid="release-notes"]').innerText()).trim();
  }

  async showLicences(): Promise<void> {
    await this.root.locator('[data-testid="licences"] button').first().click();
    await this.root.locator('[data-testid="licence-list"]').waitFor();
  }

  async searchLicences(words: string): Promise<void> {
    await this.root.locator('[data-testid="licence-search"]').fill(words);
  }

  /** The packages the list shows now, by name. */
  async listedPackages(): Promise<string[]> {
    return this.root.locator('li.about-licence').evaluateAll((items) => items.map((item) => item.getAttribute('data-package') ?? ''));
  }

  /** Opens a program's entry and returns the sentence that says where its source is. */
  async programSources(name: string): Promise<string> {
    const item = this.root.locator(`li.about-licence[data-package="${name}"]`);
    await item.locator('summary').click();
    const sources = item.locator('[data-testid="licence-sources"]');
    const text = (await sources.innerText()).trim();
    await item.locator('summary').click();
    return text;
  }

  /** Opens one package's entry and returns its licence and the licence text shown. */
  async openLicence(name: string): Promise<{ licence: string; text: string }> {
    const item = this.root.locator(`li.about-licence[data-package="${name}"]`);
    await item.locator('summary').click();
    const text = item.locator('.about-licence-text').first();
    await text.waitFor();
    return { licence: (await item.locator('[data-testid="licence-id"]').innerText()).trim(), text: await text.innerText() };
  }

  /** Clicks "Copy diagnostics" and waits until the page says it was copied. */
  async copyDiagnostics(): Promise<void> {
    await this.root.locator('[data-action="copy-diagnostics"]').click();
    await this.root.locator('[data-testid="diagnostics-status"]', { hasText: 'Copied' }).waitFor();
  }

  async clipboard(): Promise<string> {
    return this.page.evaluate(() => navigator.clipboard.readText());
  }
}
