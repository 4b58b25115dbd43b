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

// The ten files that took longest, so a run that creeps toward CI's limit says where its time goes.
const timed = (report?.testResults ?? [])
  .filter((file) => Number.isFinite(file.startTime) && Number.isFinite(file.endTime))
  .map((file) => ({ name: relative(process.cwd(), file.name), seconds: (file.endTime - file.startTime) / 1000 }))
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, 10);
if (timed.length > 0) {
  console.log('Slowest test files:');
  for (const file of timed) console.log(`  ${file.seconds.toFixed(1).padStart(7)} s  ${file.name}`);
}

console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exitCode = report && failed === 0 ? 0 : 1;
