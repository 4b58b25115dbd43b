import type { Locator, Page } from 'playwright-core';

/** The New character dialog: name, kind, traits, reference images and the priced button. */
export class CreateCharacterDialog {
  readonly page: Page;
  readonly root: Locator;

  constructor(page: Page) {
    this.page = page;
    this.root = page.locator('dialog[data-dialog="create-character"][open]');
  }

  async setName(name: string): Promise<void> {
    await this.root.locator('[data-field="name"]').fill(name);
  }

  async chooseKind(label: 'Human' | 'Fantasy' | 'Prompt' | 'From images'): Promise<void> {
    await this.root.getByRole('radio', { name: label, exact: true }).check();
  }

  /** Types a trait by its label, as a person would (the suggestions allow free entry). */
  async setTrait(label: string, value: string): Promise<void> {
    // Escape would close the dialog when no suggestion list is open, as it should; Tab moves on.
    const input = this.root.getByLabel(label, { exact: true });
    await input.fill(value);
    await input.press('Tab');
  }

  /**
   * Drops a file as the OS would: a DataTransfer built in the page from real PNG bytes, dispatched
   * as dragenter, dragover and drop on the reference images' drop zone.
   */
  async dropImage(bytes: Buffer, fileName: string, type = 'image/png'): Promise<void> {
    const zone = this.root.locator('[data-drop-zone="character-references"]');
    await zone.evaluate(
      (element, file) => {
        const binary = atob(file.base64);
        const data = new Uint8Array(binary.length);
        for (let i = 0; i < binary.length; i += 1) data[i] = binary.charCodeAt(i);
        const transfer = new DataTransfer();
        transfer.items.add(new File([data], file.name, { type: file.type }));
        for (const type of ['dragenter', 'dragover', 'drop']) {
          element.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
        }
      },
      { base64: bytes.toString('base64'), name: fileName, type },
    );
  }

  async waitForReferencesReady(count: number): Promise<void> {
    await this.root
      .locator('[data-attachment-state="ready"]')
      .nth(count - 1)
      .waitFor({ timeout: 30_000 });
  }

  refusals(): Locator {
    return this.root.locator('.attachment-refused');
  }

  /** The credits on the button once a quote priced the form. */
  async price(): Promise<number> {
    const button = this.root.locator('button.price-button[data-price-status="priced"]');
    await button.waitFor({ timeout: 30_000 });
    return Number(await button.getAttribute('data-credits'));
  }

  async submit(): Promise<void> {
    await this.root.locator('button.price-button').click();
    await this.root.waitFor({ state: 'detached', timeout: 30_000 });
  }
}
