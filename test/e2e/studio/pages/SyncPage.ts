import type { Locator, Page } from 'playwright-core';

/** Settings → Sync: joining a space with a code, its name and status, leaving it. */
export class SyncPage {
  readonly page: Page;
  readonly root: Locator;

  constructor(page: Page) {
    this.page = page;
    this.root = page.locator('section#sync');
  }

  async show(): Promise<void> {
    await this.root.scrollIntoViewIfNeeded();
    await this.root.locator('#sync-heading').waitFor();
  }

  async join(serverUrl: string, joinCode: string): Promise<void> {
    await this.root.locator('input[data-field="serverUrl"]').fill(serverUrl);
    await this.root.locator('input[data-field="joinCode"]').fill(joinCode);
    await this.root.locator('[data-action="join-space"]').click();
  }

  /** The sentence shown under a field of the join form once the server refused. */
  async fieldError(field: 'serverUrl' | 'joinCode'): Promise<string> {
    const error = this.root.locator(`.field:has(input[data-field="${field}"]) .field-error`);
    await error.waitFor();
    return (await error.innerText()).trim();
  }

  async spaceName(): Promise<string> {
    return (await this.root.locator('[data-testid="sync-space-name"]').innerText()).trim();
  }

  async memberName(): Promise<string> {
    return (await this.root.locator('[data-testid="sync-member-name"]').innerText()).trim();
  }

  /** Waits until the space shows `state` (connecting, synced, syncing, offline, refused). */
  async waitForState(state: string): Promise<void> {
    await this.root.locator(`[data-testid="sync-space"][data-state="${state}"]`).waitFor();
  }

  async stateText(): Promise<string> {
    return (await this.root.locator('[data-testid="sync-state"]').innerText()).trim();
  }

  /** Leave space → the dialog asks → Leave space; waits for the join form again. */
  async leave(): Promise<void> {
    await this.root.locator('[data-action="leave-space"]').click();
    const dialog = this.page.locator('dialog[data-dialog="leave-space"][open]');
    await dialog.locator('[data-action="confirm"]').click();
    await this.root.locator('[data-testid="sync-join"]').waitFor();
  }
}
