import type { Locator, Page } from 'playwright-core';
import { GeneratePanel } from './GeneratePanel.ts';

/** One character's page: portraits, versions, regenerate, revert, delete, generations. */
export class CharacterPage {
  readonly page: Page;
  readonly root: Locator;

  constructor(page: Page) {
    this.page = page;
    this.root = page.locator('section.character-page');
  }

  async waitForStatus(status: 'generating' | 'ready' | 'failed', timeout = 60_000): Promise<void> {
    await this.page.locator(`section.character-page[data-status="${status}"]`).waitFor({ timeout });
  }

  async waitForVersion(version: number, status = 'ready', timeout = 60_000): Promise<void> {
    await this.page.locator(`section.character-page[data-version="${version}"][data-status="${status}"]`).waitFor({ timeout });
  }

  async version(): Promise<number> {
    return Number(await this.root.getAttribute('data-version'));
  }

  /** Both portraits shown from the local library and decoded by the browser. */
  async waitForPortraits(): Promise<{ headshot: string; fullbody: string }> {
    for (const which of ['headshot', 'fullbody']) {
      const image = this.root.locator(`[data-portrait="${which}"] img`);
      await image.waitFor({ timeout: 60_000 });
      await image.evaluate(
        (element) =>
          new Promise<void>((resolve, reject) => {
            const img = element as HTMLImageElement;
            if (img.complete && img.naturalWidth > 0) return resolve();
            img.addEventListener('load', () => resolve(), { once: true });
            img.addEventListener('error', () => reject(new Error(`The ${img.alt} did not load.`)), { once: true });
          }),
      );
    }
    return {
      headshot: (await this.root.locator('[data-portrait="headshot"]').getAttribute('data-media-id')) ?? '',
      fullbody: (await this.root.locator('[data-portrait="fullbody"]').getAttribute('data-media-id')) ?? '',
    };
  }

  async regenerate(instruction: string): Promise<number> {
    await this.root.locator('[data-action="regenerate"]').click();
    const dialog = this.page.locator('dialog[data-dialog="regenerate"][open]');
    await dialog.waitFor();
    await dialog.locator('[data-field="custom-details"]').fill(instruction);
    const button = dialog.locator('button.price-button[data-price-status="priced"]');
    await button.waitFor({ timeout: 30_000 });
    const credits = Number(await button.getAttribute('data-credits'));
    await button.click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    return credits;
  }

  async revert(): Promise<void> {
    await this.root.locator('[data-action="revert"]').click();
    const dialog = this.page.locator('dialog[data-dialog="revert"][open]');
    await dialog.locator('[data-action="confirm"]').click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
  }

  canRevert(): Promise<string | null> {
    return this.root.getAttribute('data-can-revert');
  }

  generate(): GeneratePanel {
    return new GeneratePanel(this.page);
  }

  /** A finished generation of this character, as its tile in the Generations list. */
  generation(itemId: string): Locator {
    return this.root.locator(`.generation-tile[data-item-id="${itemId}"]`);
  }

  async completedOfKind(kind: 'image' | 'video' | 'talk'): Promise<number> {
    return this.root.locator(`.generation-tile[data-kind="${kind}"][data-status="completed"]`).count();
  }

  /**
   * Waits until `count` generations of this kind have completed, and returns the credits the
   * service reported for the newest (the list is newest first).
   */
  async waitForCompleted(
    kind: 'image' | 'video' | 'talk',
    count: number,
    timeout = 90_000,
  ): Promise<{ itemId: string; creditsUsed: number }> {
    const tiles = this.root.locator(`.generation-tile[data-kind="${kind}"][data-status="completed"]`);
    await tiles.nth(count - 1).waitFor({ timeout });
    const newest = tiles.first();
    return { itemId: (await newest.getAttribute('data-item-id')) ?? '', creditsUsed: Number(await newest.getAttribute('data-credits')) };
  }

  /** The job submitted from the panel shows at once in the Generations list, before the service answers. */
  pendingJob(jobId: string): Locator {
    return this.root.locator(`.generation-tile[data-job-id="${jobId}"]`);
  }
}
