import type { Locator, Page } from 'playwright-core';
import { CharacterPage } from './CharacterPage.ts';
import { CreateCharacterDialog } from './CreateCharacterDialog.ts';

/** The cast grid with its search and the New character button. */
export class CastPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async openCreate(): Promise<CreateCharacterDialog> {
    await this.page.locator('[data-action="new-character"]').click();
    const dialog = new CreateCharacterDialog(this.page);
    await dialog.root.waitFor();
    return dialog;
  }

  card(name: string): Locator {
    return this.page.locator(`.character-card[data-character-name="${name}"]`);
  }

  /** Waits for the card's live status (character.updated) to read `status`. */
  async waitForStatus(name: string, status: 'generating' | 'ready' | 'failed', timeout = 60_000): Promise<void> {
    await this.page.locator(`.character-card[data-character-name="${name}"][data-status="${status}"]`).waitFor({ timeout });
  }

  async search(text: string): Promise<void> {
    await this.page.locator('#cast-search').fill(text);
  }

  async open(name: string): Promise<CharacterPage> {
    await this.card(name).locator('button').click();
    const character = new CharacterPage(this.page);
    await character.root.waitFor();
    return character;
  }
}
