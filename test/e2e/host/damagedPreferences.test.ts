import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../../electron/core/log/logger.ts';
import {
  chromiumMissing,
  formatFindings,
  launchChromium,
  SCREEN_SIZES,
  screenshotPath,
  seriousViolations,
  startStudioHost,
  type StudioHost,
  type Theme,
} from '../support/index.ts';
import { StudioApp } from '../studio/pages/StudioApp.ts';

/**
 * preferences.json cut short between two runs (a disk that filled, a hand edit): core, in its real
 * worker, starts anyway. The damaged file is kept beside a fresh one, the log says where, and the
 * real renderer in Chromium opens on the welcome dialog, which says what happened and names the
 * kept file, rather than on "core is not running". Back
 * in the sandbox, the cast made before is there: the library and the service's data were not
 * touched.
 */
describe.skipIf(chromiumMissing() !== null)('a damaged preferences file over the browser host', () => {
  let studio: StudioHost;
  let browser: Browser;
  let damagedText = '';
  const warnings: { message: string; fields: unknown }[] = [];
  const log: Logger = {
    info: () => undefined,
    warn: (message, fields) => warnings.push({ message, fields }),
    error: () => undefined,
  };

  beforeAll(async () => {
    studio = await startStudioHost({ keychain: 'memory', log });
    await studio.call('connection.completeOnboarding', {});
    await studio.createCharacter('Noor');
    await studio.restart(() => {
      const path = join(studio.userDataDir, 'preferences.json');
      const whole = readFileSync(path, 'utf8');
      expect(JSON.parse(whole)).toMatchObject({ onboarded: true, activeProfileId: 'sandbox' });
      damagedText = whole.slice(0, Math.floor(whole.length / 2));
      writeFileSync(path, damagedText);
    });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await studio?.stop();
  });

  /** The welcome dialog with its notice, at each size: checked for fit and by axe, and photographed. */
  async function shootNotice(app: StudioApp, keptAs: string, theme: Theme): Promise<void> {
    for (const size of SCREEN_SIZES) {
      await app.page.setViewportSize(size);
      const notice = app.page.getByTestId('preferences-reset');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(keptAs);
      // The file's long name wraps inside the notice rather than run out of the dialog.
      const box = (await notice.boundingBox())!;
      const dialog = (await app.page.locator('dialog[data-dialog="onboarding"]').boundingBox())!;
      expect(box.x + box.width, `at ${size.width}`).toBeLessThanOrEqual(dialog.x + dialog.width);
      const findings = await seriousViolations(app.page);
      expect(findings, formatFindings(findings)).toEqual([]);
      await app.page.screenshot({ path: screenshotPath(`preferences-reset-${size.width}x${size.height}`, theme) });
    }
  }

  it('starts from defaults, keeps the damaged file and says where it went', async () => {
    const app = await StudioApp.open(browser, studio.url);
    try {
      await app.page.locator('dialog[data-dialog="onboarding"][open]').waitFor({ state: 'visible', timeout: 20_000 });
      const kept = readdirSync(studio.userDataDir).filter((name) => name.startsWith('preferences.damaged-'));
      expect(kept).toHaveLength(1);
      expect(readFileSync(join(studio.userDataDir, kept[0]!), 'utf8')).toBe(damagedText);
      const warning = warnings.find((line) => /could not read its preferences/.test(line.message));
      expect(warning?.fields).toMatchObject({ movedTo: join(studio.userDataDir, kept[0]!), reason: 'not JSON' });
      await shootNotice(app, kept[0]!, app.theme);
      const dark = await StudioApp.open(browser, studio.url, { theme: 'dark' });
      try {
        await shootNotice(dark, kept[0]!, 'dark');
      } finally {
        await dark.context.close();
      }

      // Back in the sandbox: the character made before the damage is in the cast.
      await app.startInSandbox();
      await app.page.locator('.cast-card', { hasText: 'Noor' }).first().waitFor({ timeout: 30_000 });
      expect(JSON.parse(readFileSync(join(studio.userDataDir, 'preferences.json'), 'utf8'))).toMatchObject({ onboarded: true });
    } finally {
      await app.context.close();
    }
  });
});
