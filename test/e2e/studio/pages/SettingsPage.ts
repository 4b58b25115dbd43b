import type { Locator, Page } from 'playwright-core';

export type ServiceFields = { name: string; baseUrl: string; cdnUrl: string; caPem?: string; apiKey?: string; billingUrl?: string };

/** Settings: the connection cards, the connect-a-service form, the library section and Settings → Sandbox. */
export class SettingsPage {
  readonly page: Page;
  readonly root: Locator;

  constructor(page: Page) {
    this.page = page;
    this.root = page.locator('section.settings-screen');
  }

  card(name: string): Locator {
    return this.root.locator('li.profile-card').filter({ has: this.page.locator('h3.profile-name', { hasText: name }) });
  }

  /** The header pill's state (data-connection) and its words. */
  async headerStatus(): Promise<{ status: string; words: string }> {
    const pill = this.page.locator('.header-pill[data-connection]');
    return {
      status: (await pill.getAttribute('data-connection')) ?? '',
      words: (await pill.locator('[data-testid="connection-words"]').innerText()).trim(),
    };
  }

  async waitForHeaderStatus(status: string, timeout = 30_000): Promise<void> {
    await this.page.locator(`.header-pill[data-connection="${status}"]`).waitFor({ timeout });
  }

  async openConnectForm(): Promise<Locator> {
    await this.root.locator('[data-action="connect-service"]').click();
    const form = this.root.locator('form[data-testid="connect-service"]');
    await form.waitFor();
    return form;
  }

  async fill(form: Locator, fields: ServiceFields): Promise<void> {
    for (const [field, value] of Object.entries(fields)) await form.locator(`[data-field="${field}"]`).fill(value);
  }

  /** "Check and connect": waits for what the service said (the form stays open when the check failed). */
  async checkAndConnect(form: Locator): Promise<void> {
    await form.locator('[data-action="check-connection"]').click();
  }

  async checkResult(form: Locator): Promise<{ status: string; text: string }> {
    const result = form.locator('[data-testid="check-result"]');
    await result.waitFor({ timeout: 30_000 });
    return {
      status: (await result.getAttribute('data-status')) ?? '',
      text: words(await result.innerText())
        .replace(/\s+/g, ' ')
        .trim(),
    };
  }

  async testConnection(name: string): Promise<{ status: string; text: string }> {
    const card = this.card(name);
    await card.getByRole('button', { name: 'Test connection' }).click();
    const result = card.locator('[data-testid="test-result"]');
    await result.waitFor({ timeout: 30_000 });
    return { status: (await result.getAttribute('data-status')) ?? '', text: words(await result.innerText()).trim() };
  }

  sandboxSection(): Locator {
    return this.root.locator('[data-testid="sandbox-section"]');
  }
}

/** The words as a person reads them: without the marks that isolate a name's direction (U+2068, U+2069). */
function words(text: string): string {
  return text.replace(/[\u2068\u2069]/g, '');
}
