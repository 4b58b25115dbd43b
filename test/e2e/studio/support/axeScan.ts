import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

export type AxeFinding = { id: string; impact: string; help: string; targets: string[] };

/**
 * Runs axe-core (WCAG 2 A and AA rules) on what the page shows now and returns the serious and
 * critical findings. axe is injected as a script file through the DevTools protocol, so the app's
 * CSP (no inline script) stays as it ships.
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  if (!(await axeLoaded(page))) {
    await page.addScriptTag({ path: AXE_PATH }).catch(() => undefined);
    // The app's CSP refuses inline scripts, and addScriptTag inlines the file: when the policy
    // blocked it, evaluate the same source through the DevTools protocol, which the CSP does not govern.
    if (!(await axeLoaded(page))) await page.evaluate(readFileSync(AXE_PATH, 'utf8'));
  }
  const findings = await page.evaluate(async () => {
    type Result = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: Result[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? 'minor', help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
  return findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');
}

function axeLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() => 'axe' in window);
}

export function formatFindings(findings: readonly AxeFinding[]): string {
  return findings.map((f) => `${f.impact} ${f.id}: ${f.help}\n    ${f.targets.join('\n    ')}`).join('\n');
}
