import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appContentSecurityPolicy } from '../../../../electron/main/appResponse.ts';
import { MEDIA_SCHEME } from '../../../../electron/main/appUrls.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));
const require = createRequire(import.meta.url);

type Finding = { id: string; file: string; line: number; severity: string; confidence: string; description: string };
type Report = { checks: number; errors: { file: string; message: string }[]; issues: Finding[] };

/** The table of electronegativity-justifications.md: check and file → how many findings it covers. */
function justifications(): Map<string, number> {
  const text = readFileSync(join(here, 'electronegativity-justifications.md'), 'utf8');
  const rows = new Map<string, number>();
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const [, id, file, count] = cells;
    if (!id || !file || !/^[A-Z_]+$/.test(id) || !count || !/^\d+$/.test(count)) continue;
    rows.set(`${id} ${file}`, Number(count));
  }
  return rows;
}

describe('Electronegativity over the Electron shell (main and preload)', () => {
  let input: string;
  let report: Report;

  beforeAll(() => {
    // Only main and preload: the scan sees the shell as it ships, not core, the host or tests.
    input = mkdtempSync(join(tmpdir(), 'cast-electronegativity-'));
    cpSync(join(root, 'electron', 'main'), join(input, 'main'), { recursive: true });
    cpSync(join(root, 'electron', 'preload'), join(input, 'preload'), { recursive: true });
    const electronVersion = (JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as { version: string }).version;
    const run = spawnSync(process.execPath, [join(here, 'electronegativityRunner.cjs'), input, electronVersion], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (run.status !== 0) throw new Error(`Electronegativity did not run (exit ${String(run.status)}):\n${run.stderr}`);
    report = JSON.parse(run.stdout) as Report;
  });
  afterAll(() => rmSync(input, { recursive: true, force: true }));

  it('loads its checks and parses every file', () => {
    expect(report.checks).toBeGreaterThan(30);
    expect(report.errors).toEqual([]);
  });

  it('reports nothing that is not justified next to this test, and every justification still applies', () => {
    const found = new Map<string, number>();
    for (const issue of report.issues) found.set(`${issue.id} ${issue.file}`, (found.get(`${issue.id} ${issue.file}`) ?? 0) + 1);
    const unjustified = report.issues.filter(
      (issue) => found.get(`${issue.id} ${issue.file}`) !== justifications().get(`${issue.id} ${issue.file}`),
    );
    expect(unjustified, 'findings missing from electronegativity-justifications.md (or with another count)').toEqual([]);
    expect(
      [...justifications().keys()].filter((key) => !found.has(key)),
      'justifications that no longer match a finding',
    ).toEqual([]);
  });

  it('finds in the real CSP nothing but the generic note on script-src self', () => {
    const csp = require('@doyensec/csp-evaluator') as {
      CspParser: new (policy: string) => { csp: unknown };
      CspEvaluator: new (policy: unknown, version: unknown) => { evaluate(): { directive: string; value: string; severity: number }[] };
      Version: { CSP3: unknown };
    };
    const findings = new csp.CspEvaluator(new csp.CspParser(appContentSecurityPolicy(MEDIA_SCHEME)).csp, csp.Version.CSP3).evaluate();
    expect(findings.map((finding) => `${finding.directive} ${finding.value}`)).toEqual(["script-src 'self'"]);
  });
});
