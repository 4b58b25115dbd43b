import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LICENCE_POLICY } from '../../../../scripts/licences/licencePolicy.ts';
import { collectNotices, type Notices, type PackageNotice } from '../../../../scripts/licences/notices.ts';
import { renderNoticesText } from '../../../../scripts/licences/noticesText.ts';
import { readLockfile, walkRuntimeTree, type Lockfile } from '../../../../scripts/licences/runtimeTree.ts';
import { MIT_TEXT, removeFixtures, writeFixture, type Fixture } from './fixtureTree.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const generateScript = fileURLToPath(new URL('../../../../scripts/licences/generate.ts', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'cast-notices-'));

afterAll(() => {
  removeFixtures();
  rmSync(outDir, { recursive: true, force: true });
});

const GPL_HEAD =
  'GNU GENERAL PUBLIC LICENSE\nVersion 3, 29 June 2007\n\nCopyright (C) 2007 Free Software Foundation, Inc. <https://fsf.org/>';

const TREE: Fixture = {
  dependencies: { 'ui-lib': '^1.0.0', 'data-lib': '^2.0.0', '@ffmpeg-installer/ffmpeg': '^1.1.0', 'espeak-ng': '^1.0.2' },
  devDependencies: { 'gpl-dev-tool': '^1.0.0' },
  packages: [
    {
      path: 'node_modules/ui-lib',
      entry: { version: '1.0.0', license: 'MIT', dependencies: { 'dual-lib': '^1.0.0', 'apache-lib': '^3.0.0' } },
      // license.js is a module of the package, not its licence.
      files: { LICENSE: MIT_TEXT('Ui Lib Authors'), 'license.js': 'export const license = "MIT";' },
    },
    // Ships no licence file: the standard text of the side the app follows (MIT) is given instead.
    { path: 'node_modules/dual-lib', entry: { version: '1.2.0', license: '(MIT OR GPL-3.0-only)' }, files: { 'README.md': '# dual' } },
    {
      path: 'node_modules/apache-lib',
      entry: { version: '3.0.0', license: 'Apache-2.0' },
      files: {
        'LICENSE.txt':
          'Apache License\nVersion 2.0, January 2004\n\n(c) You must retain, in the Source form of any Derivative Works...\n\nCopyright [yyyy] [name of copyright owner]',
        NOTICE: 'Apache Lib\nCopyright 2020 The Apache Lib Authors',
      },
    },
    {
      path: 'node_modules/data-lib',
      entry: { version: '2.0.0', license: '(MIT AND CC-BY-4.0)', dependencies: { 'ui-lib': '^2.0.0' } },
      files: { 'LICENCE.md': '# Code\n\nCopyright (c) 2021 Data Lib Authors\n\n# Data\n\n© 2022 Jane Painter, CC BY 4.0' },
    },
    {
      path: 'node_modules/data-lib/node_modules/ui-lib',
      entry: { version: '2.0.0', license: 'ISC' },
      files: {
        COPYING:
          'ISC License\n\nCopyright (c) Nested Author\n\nPermission to use, copy, modify, and/or distribute this software is granted, provided that the above\ncopyright notice and this permission notice appear in all copies.',
      },
    },
    {
      path: 'node_modules/@ffmpeg-installer/ffmpeg',
      entry: { version: '1.1.0', license: 'LGPL-2.1', optionalDependencies: { '@ffmpeg-installer/linux-x64': '4.1.0' } },
      files: {
        'package.json': JSON.stringify({ name: '@ffmpeg-installer/ffmpeg', version: '1.1.0', author: { name: 'Kristoffer Lundén' } }),
      },
    },
    // Another platform's binary: not installed here.
    {
      path: 'node_modules/@ffmpeg-installer/linux-x64',
      entry: { version: '4.1.0', license: 'GPLv3', optional: true, os: ['linux'], cpu: ['x64'] },
    },
    { path: 'node_modules/espeak-ng', entry: { version: '1.0.2', license: 'GPL-3.0-or-later' }, files: { LICENSE: GPL_HEAD } },
    { path: 'node_modules/gpl-dev-tool', entry: { version: '1.0.0', license: 'GPL-3.0-only', dev: true }, files: { LICENSE: GPL_HEAD } },
  ],
};

function byPath(notices: Notices, path: string): PackageNotice {
  const found = notices.packages.find((notice) => notice.path === path);
  if (!found) throw new Error(`No notice for ${path}`);
  return found;
}

/** The lockfile's runtime packages read straight from the file: every entry not marked dev-only. */
function lockfileNonDevPaths(root: string): string[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Required<Lockfile>;
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path.startsWith('node_modules/') && entry.dev !== true)
    .map(([path]) => path)
    .sort();
}

describe('the third-party notices', () => {
  const root = writeFixture(TREE);
  const notices = collectNotices(root, readLockfile(root), LICENCE_POLICY, { name: 'Fixture App', version: '1.0.0' });

  it('hold every runtime package once, nested versions included, and no dev-only package', () => {
    const paths = notices.packages.map((notice) => notice.path);
    expect(paths).toEqual(lockfileNonDevPaths(root));
    expect(paths).toContain('node_modules/data-lib/node_modules/ui-lib');
    expect(paths).not.toContain('node_modules/gpl-dev-tool');
  });

  it("give a package's own licence files and their copyright lines, not the licence's own clauses", () => {
    const ui = byPath(notices, 'node_modules/ui-lib');
    expect(ui.texts).toEqual([{ from: 'package', file: 'LICENSE', text: MIT_TEXT('Ui Lib Authors') }]);
    expect(ui.copyright).toEqual(['Copyright (c) 2024 Ui Lib Authors']);
    expect(ui.copyrightFrom).toBe('licence file');
    expect(ui.textNote).toBeUndefined();

    expect(byPath(notices, 'node_modules/data-lib/node_modules/ui-lib').copyright).toEqual(['Copyright (c) Nested Author']);
    expect(byPath(notices, 'node_modules/data-lib').copyright).toEqual([
      'Copyright (c) 2021 Data Lib Authors',
      '© 2022 Jane Painter, CC BY 4.0',
    ]);

    const apache = byPath(notices, 'node_modules/apache-lib');
    expect(apache.texts.map((text) => (text.from === 'package' ? text.file : text.licence))).toEqual(['LICENSE.txt', 'NOTICE']);
    expect(apache.copyright).toEqual(['Copyright 2020 The Apache Lib Authors']);
  });

  it('give the standard SPDX text, and say so, where a package ships none or is not installed here', () => {
    const dual = byPath(notices, 'node_modules/dual-lib');
    expect(dual.texts).toHaveLength(1);
    expect(dual.texts[0]).toMatchObject({ from: 'spdx', licence: 'MIT', text: expect.stringContaining('Permission is hereby granted') });
    expect(dual.textNote).toBe('The package ships no licence file. The standard SPDX text of MIT follows.');
    expect(dual.copyrightFrom).toBe('none');

    const binary = byPath(notices, 'node_modules/@ffmpeg-installer/linux-x64');
    expect(binary).toMatchObject({ licence: 'GPL-3.0-only', declaredLicence: 'GPLv3', installed: false, sandboxProgram: 'FFmpeg' });
    expect(binary.platform).toEqual({ os: ['linux'], cpu: ['x64'] });
    expect(binary.textNote).toBe(
      'The package was not installed where these notices were made (it is for linux x64). The standard SPDX text of GPL-3.0-only follows.',
    );
    expect(binary.texts[0]).toMatchObject({
      from: 'spdx',
      licence: 'GPL-3.0-only',
      text: expect.stringContaining('GNU GENERAL PUBLIC LICENSE'),
    });

    const wrapper = byPath(notices, 'node_modules/@ffmpeg-installer/ffmpeg');
    expect(wrapper).toMatchObject({ copyright: ['Kristoffer Lundén'], copyrightFrom: 'package.json author', licence: 'LGPL-2.1' });
  });

  it("list the sandbox's programs with where their source can be had, and every package in the text file", () => {
    const ffmpeg = notices.programs.find((program) => program.name === 'FFmpeg');
    expect(ffmpeg?.packages.map((p) => p.name)).toEqual(['@ffmpeg-installer/ffmpeg', '@ffmpeg-installer/linux-x64']);
    const text = renderNoticesText(notices);
    expect(text).toContain('FFmpeg: https://ffmpeg.org/download.html#get-sources');
    expect(text).toContain('eSpeak NG: https://github.com/espeak-ng/espeak-ng');
    expect(text).toContain('LICENSE.electron.txt and LICENSES.chromium.html');
    for (const notice of notices.packages) expect(text).toContain(`\n${notice.name} ${notice.version}\nLicence: ${notice.licence}`);
    expect(text).not.toContain('gpl-dev-tool');
  });
});

describe("the app's notices, as the build writes them", () => {
  const run = spawnSync(process.execPath, [generateScript, '--root', repoRoot, '--out', outDir], { encoding: 'utf8' });

  it('cover every package of the runtime tree the lockfile resolves, each with a licence and its text', () => {
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const notices = JSON.parse(readFileSync(join(outDir, 'notices.json'), 'utf8')) as Notices;
    const paths = notices.packages.map((notice) => notice.path);
    expect(paths).toEqual(lockfileNonDevPaths(repoRoot));
    // The same tree walked from package.json's dependencies: the lockfile's dev flags hide nothing.
    expect([...walkRuntimeTree(readLockfile(repoRoot)).keys()].sort()).toEqual(paths);
    for (const notice of notices.packages) {
      expect(notice.licence, notice.name).not.toBe('');
      expect(notice.texts.length, `${notice.name} has a licence text`).toBeGreaterThan(0);
    }
    expect(notices.programs.map((program) => program.name)).toEqual(['FFmpeg', 'eSpeak NG']);

    const text = readFileSync(join(outDir, 'THIRD-PARTY-NOTICES.txt'), 'utf8');
    for (const notice of notices.packages) expect(text).toContain(`\n${notice.name} ${notice.version}\nLicence: `);
    expect(text).toContain('GNU GENERAL PUBLIC LICENSE');
  });
});
