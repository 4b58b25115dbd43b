import type { Locator, Page } from 'playwright-core';

/** The generate panel on a character's page. */
export class GeneratePanel {
  readonly page: Page;
  readonly root: Locator;

  constructor(page: Page) {
    this.page = page;
    this.root = page.locator('section.generate-panel');
  }

  async chooseType(type: 'Image' | 'Video' | 'Talk'): Promise<void> {
    await this.root.getByRole('radiogroup', { name: 'What to make' }).getByRole('radio', { name: type, exact: true }).check();
    await this.page.locator(`section.generate-panel[data-generate-type="${type.toLowerCase()}"]`).waitFor();
  }

  async setPrompt(prompt: string): Promise<void> {
    await this.root.locator('[data-field="prompt"]').fill(prompt);
  }

  async setDuration(seconds: number): Promise<void> {
    await this.root.locator('[data-option="duration"]').fill(String(seconds));
  }

  /** Talk: a line for the queue to speak first, with the first ready voice the panel offers. */
  async writeLine(text: string): Promise<void> {
    await this.root.getByRole('radio', { name: 'Write a line', exact: true }).check();
    await this.root.locator('[data-field="voice"]:not([data-value=""])').waitFor({ timeout: 30_000 });
    await this.root.locator('[data-field="speech-text"]').fill(text);
  }

  /** Waits for the quote of the current options and returns the credits shown on the button. */
  async price(): Promise<number> {
    const button = this.root.locator('button.price-button[data-price-status="priced"]');
    await button.waitFor({ timeout: 30_000 });
    return Number(await button.getAttribute('data-credits'));
  }

  async chooseModel(modelId: string): Promise<void> {
    await this.root.locator('[data-field="model"]').getByRole('button').click();
    await this.page.getByRole('listbox').locator(`[role="option"][data-value="${modelId}"]`).click();
    await this.root.locator(`[data-field="model"][data-value="${modelId}"]`).waitFor();
  }

  async setQuality(quality: 'standard' | 'pro'): Promise<void> {
    await this.root.getByRole('radiogroup', { name: 'Quality' }).getByRole('radio', { name: quality, exact: false }).check();
  }

  /** The Generate button, with its price, quote and approval state as data attributes. */
  button(): Locator {
    return this.root.locator('button.price-button');
  }

  /** The sentence under the button (approval, balance), and its one action when it has one. */
  note(): Locator {
    return this.root.locator('.price-note');
  }

  /** Waits until the priced quote's approval state reads `state`; returns the quote id. */
  async waitForApproval(state: 'pending' | 'approved' | 'rejected' | 'revoked', timeout = 30_000): Promise<string> {
    const button = this.root.locator(`button.price-button[data-price-status="priced"][data-approval-state="${state}"]`);
    await button.waitFor({ timeout });
    return (await button.getAttribute('data-quote-id')) ?? '';
  }

  /** Waits until the priced quote is (or is not) covered by the balance. */
  async waitForCovered(covered: boolean, timeout = 30_000): Promise<void> {
    await this.root.locator(`button.price-button[data-price-status="priced"][data-covered="${covered}"]`).waitFor({ timeout });
  }

  /** "Check approval" / "Check balance" (re-read the quote) or "Get a new price" (a new one) under the button. */
  async noteAction(action: 'checkApproval' | 'checkBalance' | 'requote'): Promise<void> {
    await this.note().locator(`[data-action="${action}"]`).click();
  }

  async buttonText(): Promise<string> {
    return (await this.root.locator('button.price-button').innerText()).replace(/\s+/g, ' ').trim();
  }

  /** Submits with Ctrl+Enter from the prompt, as the shortcut promises; returns the queued job's id. */
  async submitWithKeyboard(): Promise<string> {
    const before = await this.root.locator('.generate-submit').getAttribute('data-last-job-id');
    await this.root.locator('[data-field="prompt"]').press('Control+Enter');
    const submitted = this.root.locator(`.generate-submit[data-last-job-id]${before ? `:not([data-last-job-id="${before}"])` : ''}`);
    await submitted.waitFor({ timeout: 30_000 });
    return (await submitted.getAttribute('data-last-job-id')) ?? '';
  }
}
