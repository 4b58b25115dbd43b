import { StudioPage } from '../../support/index.ts';
import { CastPage } from './CastPage.ts';

export type ScreenName = 'studio' | 'gallery' | 'voices' | 'credits' | 'queue' | 'settings';

/**
 * The app frame: onboarding, navigation, and the header's balance, connection and job count.
 * The shared StudioPage underneath watches the bridge, so tests can wait on app events.
 */
export class StudioApp extends StudioPage {
  /** First run on a fresh folder: the welcome dialog; choose the sandbox. */
  async startInSandbox(): Promise<void> {
    const dialog = this.page.locator('dialog[data-dialog="onboarding"][open]');
    await dialog.waitFor({ state: 'visible', timeout: 20_000 });
    await dialog.locator('[data-action="start-sandbox"]').click();
    await dialog.waitFor({ state: 'detached' });
    await this.page.locator('.header-pill[data-connection="online"]').waitFor();
  }

  async go(screen: ScreenName): Promise<void> {
    await this.page.locator(`[data-nav="${screen}"]`).click();
    await this.page.locator(`.screen-outlet[data-screen="${screen}"]`).waitFor();
  }

  async balance(): Promise<number> {
    const pill = this.page.locator('.header-balance[data-balance]');
    await pill.waitFor();
    return Number(await pill.getAttribute('data-balance'));
  }

  /** Waits until the header's balance is `expected` (credits.changed reached the renderer). */
  async waitForBalance(expected: number): Promise<void> {
    await this.page.locator(`.header-balance[data-balance="${expected}"]`).waitFor({ timeout: 30_000 });
  }

  async jobsInFlight(): Promise<number> {
    return Number(await this.page.locator('[data-jobs-in-flight]').getAttribute('data-jobs-in-flight'));
  }

  async waitForNoJobsInFlight(): Promise<void> {
    await this.page.locator('[data-jobs-in-flight="0"]').waitFor({ timeout: 60_000 });
  }

  cast(): CastPage {
    return new CastPage(this.page);
  }
}
