import type { Locator, Page } from 'playwright-core';

/** The gallery's detail view of one item (a modal dialog): media, facts, actions. */
export class DetailViewPage {
  readonly page: Page;
  readonly root: Locator;

  constructor(page: Page) {
    this.page = page;
    this.root = page.locator('[data-testid="detail-dialog"][open]');
  }

  /** Opens the gallery tile at `index` (a double click opens the full details). */
  async openTile(index: number): Promise<void> {
    await this.page.locator('.gallery-tile').nth(index).dblclick();
    await this.root.waitFor();
  }

  /** Searches the gallery for words only one item has, and opens that item. */
  async openFound(words: string): Promise<void> {
    await this.page.fill('[data-testid="gallery-search"]', words);
    await this.page.locator('.gallery-scroller[data-total="1"]').waitFor({ timeout: 30_000 });
    await this.openTile(0);
  }

  /** Clicks one of the image's zoom buttons ("Fit", "100%", "200%", "400%"). */
  async zoom(level: string): Promise<void> {
    await this.root.getByRole('group', { name: 'Zoom' }).getByRole('button', { name: level, exact: true }).click();
  }

  async title(): Promise<string> {
    return (await this.root.locator('#detail-title').textContent()) ?? '';
  }

  /** The value shown beside a fact's label ("Duration", "Credits charged"). */
  fact(label: string): Locator {
    return this.root.locator('.detail-facts dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  }

  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.root.waitFor({ state: 'detached' });
  }
}
