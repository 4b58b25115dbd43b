// Runs Electronegativity offline and prints its findings as JSON on stdout.
// Usage: node electronegativityRunner.cjs <input dir> <electron version>
//
// Offline means no request leaves the machine: the online "available security fixes" check is
// excluded, and `got` (which the tool also uses to fetch translations) is replaced by a stub that
// fails at once, so the tool falls back to the English texts it ships.
const Module = require('node:module');

const offline = () => Promise.reject(new Error('Electronegativity runs offline in Cast Studio tests.'));
offline.head = offline;
offline.default = offline;
const load = Module._load;
Module._load = function loadOffline(request, parent, isMain) {
  if (request === 'got') return offline;
  return load.call(this, request, parent, isMain);
};

const run = require('@doyensec/electronegativity');
const [input, electronVersion] = process.argv.slice(2);
// The tool reports through console.log too (the translation fallback); stdout carries the JSON only.
const print = console.log;
console.log = (...args) => console.error(...args);

run({ input, electronVersionOverride: electronVersion, excludeFromScan: ['AvailableSecurityFixesGlobalCheck'], isRelative: true }).then(
  (result) => {
    const issues = result.issues.map((issue) => ({
      id: issue.id,
      file: issue.file,
      line: issue.location.line,
      severity: issue.severity.name,
      confidence: issue.confidence.name,
      description: issue.description,
    }));
    print(JSON.stringify({ checks: result.globalChecks + result.atomicChecks, errors: result.errors, issues }));
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
