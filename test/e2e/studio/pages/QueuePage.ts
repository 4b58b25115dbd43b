import type { Locator, Page } from 'playwright-core';

/** The queue screen: each job in flight with its time and estimate, and the jobs of one click grouped. */
export class QueuePage {
  readonly page: Page;
  readonly root: Locator;

  constructor(page: Page) {
    this.page = page;
    this.root = page.locator('section.queue-screen');
  }

  job(jobId: string): Locator {
    return this.root.locator(`.job-row[data-job-id="${jobId}"]`);
  }

  /** The progress of a job in flight: the bar and "0:02 of about 0:06". */
  progress(jobId: string): Locator {
    return this.job(jobId).locator('[data-testid="job-progress"]');
  }

  /** How far the job's bar has filled, 0–100 (null while it has no estimate or progress to show). */
  async filled(jobId: string): Promise<number | null> {
    const value = await this.progress(jobId).getByRole('progressbar').getAttribute('aria-valuenow');
    return value === null ? null : Number(value);
  }

  /** The group of the jobs of one click. */
  batch(batchId: string): Locator {
    return this.root.locator(`.job-batch[data-batch-id="${batchId}"]`);
  }

  /** Opens a group to show each of its jobs; returns their rows. */
  async expand(batchId: string): Promise<Locator> {
    await this.batch(batchId)
      .getByRole('button', { name: /^Show each/ })
      .click();
    return this.batch(batchId).locator('.job-batch-members .job-row');
  }
}
