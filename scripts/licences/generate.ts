// Part of `npm run build`: writes dist/notices/THIRD-PARTY-NOTICES.txt and notices.json from the
// lockfile and node_modules. electron-builder.yml ships the folder with the installer.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkLicences } from './licenceCheck.ts';
import { LICENCE_POLICY } from './licencePolicy.ts';
import { collectNotices } from './notices.ts';
import { renderNoticesText } from './noticesText.ts';
import { readLockfile } from './runtimeTree.ts';

const { values } = parseArgs({ options: { root: { type: 'string', default: '.' }, out: { type: 'string', default: 'dist/notices' } } });
const root = resolve(values.root);
const out = resolve(root, values.out);

try {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name?: string;
    productName?: string;
    version?: string;
  };
  const lock = readLockfile(root);
  const product = { name: manifest.productName ?? manifest.name ?? 'the app', version: manifest.version ?? '0.0.0' };
  const notices = collectNotices(root, lock, LICENCE_POLICY, product);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'notices.json'), `${JSON.stringify(notices, null, 2)}\n`);
  writeFileSync(join(out, 'THIRD-PARTY-NOTICES.txt'), `${renderNoticesText(notices)}\n`);
  console.log(`Wrote the notices of ${notices.packages.length} packages to ${out}.`);
  // The build still runs, so a new dependency can be tried; CI and `npm run licences:check` refuse it.
  for (const problem of checkLicences(lock, LICENCE_POLICY).problems) console.warn(`Licence: ${problem}`);
} catch (error) {
  console.error(`The third-party notices could not be written: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
