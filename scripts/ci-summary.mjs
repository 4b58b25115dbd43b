// Totals a Vitest JSON report. The last line printed is always `N passed, N failed` (plus
// `, N skipped` when any were skipped), so a CI log can be read from its final line.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const reportPath = process.argv[2] ?? 'test-results/vitest.json';

function readReport() {
  try {
    return JSON.parse(readFileSync(reportPath, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`The test runner left no readable report at ${reportPath} (${reason}), so no test can be counted as passed.`);
    return undefined;
  }
}

const report = readReport();
let passed = 0;
let failed = 0;
let skipped = 0;

for (const file of report?.testResults ?? []) {
  let failedHere = 0;
  for (const test of file.assertionResults ?? []) {
    if (test.status === 'passed') passed += 1;
    else if (test.status === 'failed') failedHere += 1;
    else skipped += 1;
  }
  // A file that fails to load, or whose hooks throw, has no failed test of its own; it still
  // counts once, or the total would read green.
  if (file.status === 'failed' && failedHere === 0) {
    failedHere = 1;
    console.log(`${relative(process.cwd(), file.name)} failed outside any test: ${file.message || 'no message'}`);
  }
  failed += failedHere;
}

console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exitCode = report && failed === 0 ? 0 : 1;
