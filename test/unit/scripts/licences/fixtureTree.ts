// Small projects on disk for the licence scripts: a package.json, a lockfile and, for the packages
// that are "installed", their folders in node_modules.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { LockEntry, Lockfile } from '../../../../scripts/licences/runtimeTree.ts';

export interface FixturePackage {
  /** The lockfile key, e.g. `node_modules/a` or `node_modules/a/node_modules/b`. */
  path: string;
  entry: LockEntry;
  /** Files of its folder; a package without them is not installed (another platform's, say). */
  files?: Record<string, string>;
}

export interface Fixture {
  dependencies: Record<string, string>;
  devDependencies?: Record<string, string>;
  packages: FixturePackage[];
}

export const MIT_TEXT = (holder: string): string =>
  `MIT License\n\nCopyright (c) 2024 ${holder}\n\nPermission is hereby granted, free of charge, to any person obtaining a copy of this software.\n\n` +
  'The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.\n\n' +
  'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND. IN NO EVENT SHALL THE AUTHORS OR\nCOPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM.';

export function fixtureLockfile(fixture: Fixture): Lockfile {
  const packages: Record<string, LockEntry> = {
    '': { name: 'fixture-app', version: '1.0.0', dependencies: fixture.dependencies, devDependencies: fixture.devDependencies ?? {} },
  };
  for (const pkg of fixture.packages) packages[pkg.path] = pkg.entry;
  return { lockfileVersion: 3, packages };
}

const scratchDirs: string[] = [];

/** Writes the fixture into a new folder and returns its path; `removeFixtures` deletes them all. */
export function writeFixture(fixture: Fixture): string {
  const root = mkdtempSync(join(tmpdir(), 'cast-licences-'));
  scratchDirs.push(root);
  const manifest = { name: 'fixture-app', productName: 'Fixture App', version: '1.0.0', dependencies: fixture.dependencies };
  writeFileSync(join(root, 'package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(join(root, 'package-lock.json'), JSON.stringify(fixtureLockfile(fixture), null, 2));
  for (const pkg of fixture.packages) {
    if (!pkg.files) continue;
    const folder = join(root, pkg.path);
    const name = pkg.path.slice(pkg.path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const files = { 'package.json': JSON.stringify({ name, version: pkg.entry.version, license: pkg.entry.license }), ...pkg.files };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(folder, file)), { recursive: true });
      writeFileSync(join(folder, file), text);
    }
  }
  return root;
}

export function removeFixtures(): void {
  for (const dir of scratchDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
