import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Page } from 'playwright-core';
import { screenshotPath } from '../../support/index.ts';
import { formatFindings, seriousViolations } from './axeScan.ts';
import { settleTheme } from './settleTheme.ts';

/**
 * What a reviewer needs of one screen, in the light and the dark theme: a screenshot
 * (test-artifacts/screenshots/studio-<name>-<theme>.png) and the axe findings (colour contrast
 * differs between themes). Returns a readable report of serious and critical findings, empty when none.
 */
export async function inspectScreen(page: Page, name: string): Promise<string> {
  await mkdir(dirname(screenshotPath('studio', 'light')), { recursive: true });
  const report: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await settleTheme(page, colorScheme);
    // The picture first: axe reads the page hard, and the shot should show what a person sees.
    await page.screenshot({ path: screenshotPath(`studio-${name}`, colorScheme), animations: 'disabled' });
    const findings = await seriousViolations(page);
    if (findings.length > 0) report.push(`${name} (${colorScheme}):\n${formatFindings(findings)}`);
  }
  await settleTheme(page, 'light');
  return report.join('\n');
}
