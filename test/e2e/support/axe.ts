import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

// The axe-core build @axe-core/playwright itself depends on, evaluated only where the page has no
// axe yet: the builder evaluates its source at every scan, and parsing it twice a scan doubled the
// time of a scan on a busy machine.
const bindingRequire = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_ONCE = `if (typeof window.axe === 'undefined') {\n${readFileSync(bindingRequire.resolve('axe-core/axe.min.js'), 'utf8')}\n}`;

/** WCAG 2.0 and 2.1, levels A and AA: the rules every screen is held to. */
export const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

export type AxeFinding = { id: string; impact: string; help: string; targets: string[] };

/**
 * Runs axe-core (the rules of `tags`) on what the page shows now and returns the serious and
 * critical findings. @axe-core/playwright injects axe through the DevTools protocol, which the app's
 * CSP (no inline script) does not govern, so the page is checked under the policy it ships with.
 * Legacy mode runs axe in the page itself: the app has no frames to gather results from, and no
 * helper page is opened beside the studio for each scan.
 */
export async function seriousViolations(page: Page, tags: readonly string[] = WCAG_A_AA): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page, axeSource: AXE_ONCE })
    .withTags([...tags])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'minor',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.map(String).join(' ')),
    }));
}

/** One entry per finding with where it was seen, for an assertion message a person can act on. */
export function formatFindings(findings: readonly AxeFinding[]): string {
  return findings.map((f) => `${f.impact} ${f.id}: ${f.help}\n    ${f.targets.join('\n    ')}`).join('\n');
}
