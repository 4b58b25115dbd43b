import type { Locator } from 'playwright-core';
import { StudioApp } from '../../studio/pages/StudioApp.ts';

/** The app with its Scenes section: the list, one scene's editor and player, the export dialog, and the character page's voice. */
export class ScenesApp extends StudioApp {
  async goScenes(): Promise<void> {
    await this.page.locator('[data-nav="scenes"]').click();
    await this.page.locator('.screen-outlet[data-screen="scenes"]').waitFor();
  }

  /** Gives a character its voice from the character page (the studio's voice picker). */
  async giveVoice(characterId: string, characterName: string, voiceName: string): Promise<void> {
    await this.page.locator('[data-nav="studio"]').click();
    await this.page.locator(`.character-card[data-character-name="${characterName}"] button`).first().click();
    const page = this.page.locator(`section.character-page[data-character-id="${characterId}"]`);
    await page.waitFor();
    await page.locator('[data-field="cast-voice"]').getByRole('button').click();
    await this.page.getByRole('listbox').getByRole('option', { name: voiceName, exact: true }).first().click();
    await this.waitForEvent('cast.changed', (change) => change.characterId === characterId && change.voice !== null);
    await page.locator('.cast-voice[data-cast-voice]:not([data-cast-voice=""])').waitFor();
  }

  async newScene(title: string): Promise<string> {
    await this.page.locator('[data-action="new-scene"]').click();
    const editor = this.editor();
    await editor.waitFor();
    await editor.locator('input[data-field="title"]').fill(title);
    return (await editor.getAttribute('data-scene-id')) ?? '';
  }

  editor(): Locator {
    return this.page.locator('section.scene-editor');
  }

  lines(): Locator {
    return this.editor().locator('li.scene-line');
  }

  line(index: number): Locator {
    return this.lines().nth(index);
  }

  /** Picks a line's speaker (`character:<id>`, `narrator` or `clip`) from its list. */
  async chooseSpeaker(index: number, value: string): Promise<void> {
    await this.line(index).locator('[data-field="speaker"]').getByRole('button').click();
    await this.page.getByRole('listbox').locator(`[role="option"][data-value="${value}"]`).click();
    await this.line(index).locator(`[data-field="speaker"][data-value="${value}"]`).waitFor();
  }

  /** Each line's speaker, as `character:<id>`, `narrator` or `clip`. */
  async speakers(): Promise<string[]> {
    return this.lines().evaluateAll((rows) =>
      rows.map((row) => row.querySelector('[data-field="speaker"]')?.getAttribute('data-value') ?? ''),
    );
  }

  /** The text box of the line that has the keyboard focus. */
  focusedText(): Locator {
    return this.editor().locator('li.scene-line textarea:focus');
  }

  async waitForSaved(): Promise<void> {
    await this.page.locator('section.scene-editor[data-save-state="saved"]').waitFor({ timeout: 15_000 });
  }

  /** The price the scene shows once everything to render is priced. */
  async waitForPrice(toRender: number): Promise<number> {
    const price = this.editor().locator(`.scene-price[data-to-render="${toRender}"]`);
    await price.waitFor({ timeout: 30_000 });
    await this.editor().locator(`.price-button[data-price-status="priced"]`).waitFor({ timeout: 30_000 });
    return Number(await price.getAttribute('data-total-credits'));
  }

  async render(): Promise<void> {
    await this.editor().locator('.price-button').click();
  }

  async waitForLinesDone(count: number, timeout = 240_000): Promise<void> {
    try {
      await this.page.waitForFunction(
        (expected) => document.querySelectorAll('section.scene-editor li.scene-line[data-line-state="done"]').length === expected,
        count,
        { timeout },
      );
    } catch (error) {
      const states = await this.lines().evaluateAll((rows) =>
        rows.map((row) => `${row.getAttribute('data-line-state')}: ${row.textContent ?? ''}`),
      );
      throw new Error(`Not every line was rendered:\n${states.join('\n')}`, { cause: error });
    }
  }

  async view(which: 'Write' | 'Watch'): Promise<void> {
    await this.editor().locator('.segmented[data-name="scene-view"] label', { hasText: which }).click();
  }
}
