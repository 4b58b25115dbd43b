import type { Locator } from 'playwright-core';
import type { JobState, LibraryKind } from '../../../../shared/ipc/index.ts';
import { formatFindings, seriousViolations, WCAG_A_AA } from '../../support/index.ts';
import { StudioApp } from '../../studio/pages/StudioApp.ts';

/** The library screens (gallery, voices, queue) on the app frame: each action waits on app state, never on time. */
export class LibraryApp extends StudioApp {
  /**
   * axe-core over the whole page, WCAG A and AA plus axe's best practices: throws with the list when
   * a serious or critical violation is found.
   */
  async expectAccessible(where: string): Promise<void> {
    const violations = await seriousViolations(this.page, [...WCAG_A_AA, 'best-practice']);
    if (violations.length > 0) throw new Error(`${where} has accessibility violations:\n${formatFindings(violations)}`);
  }

  // ---- Gallery ----

  get grid(): Locator {
    return this.page.locator('.gallery-scroller[role="grid"]');
  }

  tiles(): Locator {
    return this.page.locator('[role="gridcell"][aria-selected]');
  }

  /** Waits for the answer to a given search in or out of favorites (equal totals of two filters are told apart). */
  async galleryAnswer(search: string, favorites: boolean, expected: number): Promise<void> {
    const selector = `.gallery-scroller[data-total="${expected}"][data-favorites="${favorites}"][data-search="${search}"]`;
    await this.page.locator(selector).waitFor({ timeout: 30_000 });
  }

  /** The count the gallery shows ("3,000 items"), once it has settled on `expected` when given. */
  async galleryTotal(expected?: number): Promise<number> {
    if (expected !== undefined) await this.page.locator(`.gallery-scroller[data-total="${expected}"]`).waitFor({ timeout: 30_000 });
    return Number(await this.grid.getAttribute('data-total'));
  }

  async search(text: string): Promise<void> {
    await this.page.fill('[data-testid="gallery-search"]', text);
  }

  async toggleKind(label: string): Promise<void> {
    await this.page.locator('.gallery-kinds').getByRole('button', { name: label, exact: true }).click();
  }

  /** Opens one of the filter bar's choices (Status, Character, Sort) and picks an option, as a person does. */
  async chooseFilter(label: 'Status' | 'Character' | 'Sort', option: string): Promise<void> {
    const filters = this.page.getByRole('search');
    await filters
      .locator('.ui-select', { has: this.page.getByText(label, { exact: true }) })
      .getByRole('button')
      .click();
    await this.page.getByRole('listbox', { name: label }).getByRole('option', { name: option, exact: true }).click();
    await this.page.getByRole('listbox', { name: label }).waitFor({ state: 'detached' });
  }

  /** Types a from–to range of days (YYYY-MM-DD) into the filter bar's date range, segment by segment. */
  async setDates(from: string, to: string): Promise<void> {
    const picker = this.page.getByRole('search').locator('.ui-date-range');
    for (const [at, day] of [from, to].entries()) {
      const [year = '', month = '', date = ''] = day.split('-');
      for (const [segment, digits] of [
        [/month/i, month],
        [/day/i, date],
        [/year/i, year],
      ] as const) {
        await picker.getByRole('spinbutton', { name: segment }).nth(at).click();
        await this.page.keyboard.type(digits);
      }
    }
  }

  async clearFilters(): Promise<void> {
    await this.page.getByRole('button', { name: 'Clear filters' }).first().click();
  }

  async selectionCount(): Promise<number> {
    const text = (await this.page.locator('[data-testid="selection-count"]').textContent({ timeout: 10_000 })) ?? '0';
    return Number(text.replace(/[^\d]/g, ''));
  }

  async waitForSelection(count: number): Promise<void> {
    const wanted = `${count.toLocaleString('en-US')} selected`;
    try {
      await this.page.locator('[data-testid="selection-count"]', { hasText: wanted }).waitFor({ timeout: 15_000 });
    } catch (error) {
      const shown = await this.page
        .locator('[data-testid="selection-count"]')
        .textContent({ timeout: 1_000 })
        .catch(() => null);
      throw new Error(`Waited for "${wanted}", the gallery shows ${shown === null ? 'no selection count' : `"${shown}"`}.`, {
        cause: error,
      });
    }
  }

  async bulk(action: 'Favorite' | 'Unfavorite' | 'Export' | 'Delete…'): Promise<void> {
    await this.page.getByRole('toolbar', { name: 'Selected items' }).getByRole('button', { name: action, exact: true }).click();
  }

  async bulkNotice(): Promise<string> {
    const notice = this.page.locator('[data-testid="bulk-notice"]');
    await notice.waitFor({ timeout: 30_000 });
    return (await notice.textContent()) ?? '';
  }

  async openTile(index: number): Promise<void> {
    await this.tiles().nth(index).dblclick();
    await this.page.locator('[data-testid="detail-dialog"][open]').waitFor();
  }

  detail(): Locator {
    return this.page.locator('[data-testid="detail-dialog"][open]');
  }

  async closeDetail(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.page.locator('[data-testid="detail-dialog"][open]').waitFor({ state: 'detached' });
  }

  async showKinds(kinds: LibraryKind[]): Promise<void> {
    for (const kind of kinds)
      await this.toggleKind({ image: 'Image', video: 'Video', talk: 'Talk', character_create: 'Portrait', audio: 'Audio' }[kind]);
  }

  // ---- Voices ----

  voiceRow(name: string): Locator {
    return this.page.locator(`.voice-row[data-voice-name="${name}"]`);
  }

  // ---- Queue ----

  jobRow(state: JobState): Locator {
    return this.page.locator(`.job-row[data-state="${state}"]`);
  }
}
