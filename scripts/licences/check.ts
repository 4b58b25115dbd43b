// `npm run licences:check`: fails, naming each package, when the installed app would contain a
// package whose licence the policy does not allow.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkLicences } from './licenceCheck.ts';
import { LICENCE_POLICY } from './licencePolicy.ts';
import { readLockfile } from './runtimeTree.ts';

const { values } = parseArgs({ options: { root: { type: 'string', default: '.' } } });
const root = resolve(values.root);

try {
  const { packages, problems } = checkLicences(readLockfile(root), LICENCE_POLICY);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`${problems.length} of the ${packages.length} runtime packages may not ship under their licences.`);
    process.exitCode = 1;
  } else {
    console.log(`All ${packages.length} runtime packages are under licences the policy allows.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
