import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLicences } from '../../../../scripts/licences/licenceCheck.ts';
import { LICENCE_POLICY } from '../../../../scripts/licences/licencePolicy.ts';
import { readLockfile } from '../../../../scripts/licences/runtimeTree.ts';
import { fixtureLockfile, removeFixtures, writeFixture, type Fixture, type FixturePackage } from './fixtureTree.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const checkScript = fileURLToPath(new URL('../../../../scripts/licences/check.ts', import.meta.url));

afterAll(removeFixtures);

const pkg = (path: string, version: string, license: string | undefined, more: FixturePackage['entry'] = {}): FixturePackage => ({
  path,
  entry: { version, ...(license === undefined ? {} : { license }), ...more },
});

/** A tree like the app's: permissive libraries, one dual-licensed, the sandbox's GPL programs, a GPL dev tool. */
const ALLOWED_TREE: Fixture = {
  dependencies: { 'ui-lib': '^1.0.0', 'data-lib': '^2.0.0', '@ffmpeg-installer/ffmpeg': '^1.1.0', 'espeak-ng': '^1.0.2' },
  devDependencies: { 'gpl-dev-tool': '^1.0.0' },
  packages: [
    pkg('node_modules/ui-lib', '1.0.0', 'MIT', { dependencies: { 'dual-lib': '^1.0.0', 'apache-lib': '^3.0.0' } }),
    pkg('node_modules/dual-lib', '1.2.0', '(MIT OR GPL-3.0-only)'),
    pkg('node_modules/apache-lib', '3.0.0', 'Apache-2.0 WITH LLVM-exception'),
    pkg('node_modules/data-lib', '2.0.0', '(MIT AND CC-BY-4.0)', { dependencies: { 'ui-lib': '^2.0.0' } }),
    // A second version of ui-lib, nested under the package that needs it.
    pkg('node_modules/data-lib/node_modules/ui-lib', '2.0.0', 'ISC'),
    pkg('node_modules/@ffmpeg-installer/ffmpeg', '1.1.0', 'LGPL-2.1', { optionalDependencies: { '@ffmpeg-installer/linux-x64': '4.1.0' } }),
    pkg('node_modules/@ffmpeg-installer/linux-x64', '4.1.0', 'GPLv3', { optional: true, os: ['linux'], cpu: ['x64'] }),
    pkg('node_modules/espeak-ng', '1.0.2', 'GPL-3.0-or-later'),
    pkg('node_modules/gpl-dev-tool', '1.0.0', 'GPL-3.0-only', { dev: true }),
  ],
};

/** The allowed tree, with a GPL library pulled in by one of the app's own dependencies. */
const GPL_TREE: Fixture = {
  ...ALLOWED_TREE,
  packages: [
    ...ALLOWED_TREE.packages.filter((p) => p.path !== 'node_modules/ui-lib'),
    pkg('node_modules/ui-lib', '1.0.0', 'MIT', { dependencies: { 'dual-lib': '^1.0.0', 'apache-lib': '^3.0.0', 'chart-gpl': '^4.0.0' } }),
    pkg('node_modules/chart-gpl', '4.0.0', 'GPL-3.0-only'),
  ],
};

function withPackage(fixture: Fixture, extra: FixturePackage): Fixture {
  return {
    ...fixture,
    dependencies: { ...fixture.dependencies, [extra.path.replace('node_modules/', '')]: '*' },
    packages: [...fixture.packages, extra],
  };
}

describe('the licence check', () => {
  it('passes a tree of allowed licences, the sandbox programs under the GPL, and ignores dev-only packages', () => {
    const result = checkLicences(fixtureLockfile(ALLOWED_TREE), LICENCE_POLICY);
    expect(result.problems).toEqual([]);
    expect(result.packages.map((p) => p.name)).not.toContain('gpl-dev-tool');
    expect(result.packages).toHaveLength(8);
  });

  it('fails a GPL runtime dependency outside the sandbox, with a sentence naming it and what brings it in', () => {
    const { problems } = checkLicences(fixtureLockfile(GPL_TREE), LICENCE_POLICY);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('chart-gpl@4.0.0 (through ui-lib → chart-gpl) is under GPL-3.0-only, a GPL-family licence');
    expect(problems[0]).toContain("only the sandbox's own programs (FFmpeg, eSpeak NG) may be");
  });

  it('allows the GPL family only to the named sandbox packages, and never the AGPL', () => {
    const lgpl = withPackage(ALLOWED_TREE, pkg('node_modules/libav-wrapper', '1.0.0', 'LGPL-2.1-or-later'));
    expect(checkLicences(fixtureLockfile(lgpl), LICENCE_POLICY).problems).toEqual([
      expect.stringContaining('libav-wrapper@1.0.0 is under LGPL-2.1-or-later, a GPL-family licence'),
    ]);
    const agplEspeak: Fixture = {
      ...ALLOWED_TREE,
      packages: ALLOWED_TREE.packages.map((p) => (p.path === 'node_modules/espeak-ng' ? pkg(p.path, '1.0.2', 'AGPL-3.0-only') : p)),
    };
    expect(checkLicences(fixtureLockfile(agplEspeak), LICENCE_POLICY).problems).toEqual([
      expect.stringContaining('espeak-ng@1.0.2 is under AGPL-3.0-only, which is not on the allow-list'),
    ]);
  });

  it('fails a licence off the allow-list, an expression that is not SPDX, and a missing licence, each by name', () => {
    let tree = withPackage(ALLOWED_TREE, pkg('node_modules/source-available', '1.0.0', 'BUSL-1.1'));
    tree = withPackage(tree, pkg('node_modules/see-file', '1.0.0', 'SEE LICENSE IN LICENSE.txt'));
    tree = withPackage(tree, pkg('node_modules/no-licence', '0.1.0', undefined));
    const { problems } = checkLicences(fixtureLockfile(tree), LICENCE_POLICY);
    expect(problems).toEqual([
      expect.stringMatching(/^no-licence@0\.1\.0 declares no licence: read its licence files/),
      expect.stringMatching(/^see-file@1\.0\.0 declares "SEE LICENSE IN LICENSE\.txt", which is not an SPDX licence expression/),
      expect.stringMatching(/^source-available@1\.0\.0 is under BUSL-1\.1, which is not on the allow-list/),
    ]);
  });

  it('asks for a new reading when a package with a recorded licence declares something else', () => {
    const tree = withPackage(ALLOWED_TREE, pkg('node_modules/@dicebear/avataaars', '10.0.0', 'GPL-3.0-only'));
    expect(checkLicences(fixtureLockfile(tree), LICENCE_POLICY).problems).toEqual([
      expect.stringContaining('@dicebear/avataaars@10.0.0 now declares "GPL-3.0-only", not the "See LICENSE file" its record'),
    ]);
  });

  it("passes the app's own lockfile", () => {
    const result = checkLicences(readLockfile(repoRoot), LICENCE_POLICY);
    expect(result.problems).toEqual([]);
    expect(result.packages.length).toBeGreaterThan(100);
  });

  it("passes the sync server's own lockfile (its Docker image's packages)", () => {
    const result = checkLicences(readLockfile(`${repoRoot}sync-server`), LICENCE_POLICY);
    expect(result.problems).toEqual([]);
    expect(result.packages.map((pkg) => pkg.name)).toContain('@hocuspocus/server');
  });

  it('fails `npm run licences:check` on the GPL tree, naming the package, and passes the app', () => {
    const failing = spawnSync(process.execPath, [checkScript, '--root', writeFixture(GPL_TREE)], { encoding: 'utf8' });
    expect(failing.status).toBe(1);
    expect(failing.stderr).toContain('chart-gpl@4.0.0 (through ui-lib → chart-gpl) is under GPL-3.0-only');
    expect(failing.stderr).toContain('1 of the 9 runtime packages may not ship under their licences.');

    const passing = spawnSync(process.execPath, [checkScript, '--root', repoRoot], { encoding: 'utf8' });
    expect(passing.stderr).toBe('');
    expect(passing.status).toBe(0);
    expect(passing.stdout).toMatch(/^All \d+ runtime packages are under licences the policy allows\.$/m);
  });
});
