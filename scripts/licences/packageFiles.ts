// What an installed package says about its licence: its LICENSE/LICENCE/COPYING and NOTICE files,
// the copyright lines in them, and its package.json's author and homepage.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export interface LicenceFile {
  file: string;
  text: string;
}

export interface PackageFiles {
  licenceFiles: LicenceFile[];
  author: string | undefined;
  homepage: string | undefined;
  /** The rest of package.json, for fields a caller knows about (the ffmpeg packages' build revision). */
  manifest: Record<string, unknown>;
}

// LICENSE, LICENCE.md, license-mit.txt, COPYING, COPYING.LESSER, UNLICENSE, MIT-LICENSE, CopyrightNotice.txt,
// NOTICE (Apache-2.0 asks for it).
const LICENCE_FILE = /^(?:(?:un)?licen[cs]e|copying|copyright(?:notice)?|notice)(?:[.-][\w.-]*)?$|[.-]licen[cs]e(?:\.\w+)?$/i;

// A module named after its subject (license.js, licenses.json) is code, not a licence.
const CODE_FILE = /\.(?:[cm]?[jt]s|json)$/i;

function readText(path: string): string {
  return readFileSync(path, 'utf8').replace(/\r\n?/g, '\n').trimEnd();
}

function personName(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (value && typeof value === 'object' && 'name' in value && typeof value.name === 'string') return value.name;
  return undefined;
}

/** The package's files, or undefined when it is not installed here (an optional package for another platform). */
export function readPackageFiles(folder: string): PackageFiles | undefined {
  const manifestPath = join(folder, 'package.json');
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
  const licenceFiles = readdirSync(folder)
    .filter((file) => LICENCE_FILE.test(file) && !CODE_FILE.test(file) && statSync(join(folder, file)).isFile())
    .sort()
    .map((file) => ({ file, text: readText(join(folder, file)) }));
  return {
    licenceFiles,
    author: personName(manifest.author),
    homepage: typeof manifest.homepage === 'string' ? manifest.homepage : undefined,
    manifest,
  };
}

// A copyright notice starts its line with "Copyright", "©" or "(c) 2014". The licences' own clauses
// ("copyright notice and this permission notice", "COPYRIGHT HOLDERS BE LIABLE", Apache's "(c) You
// must retain"), their templates' placeholders and the FSF's notice on the GPL's own text are not.
const COPYRIGHT_LINE = /^(?:Copyright\b(?!\s+(?:notice|license|holders?|owner)\b)|COPYRIGHT\b(?!\s+HOLDERS?\b)|©|\([cC]\)\s*\d)/;
const TEMPLATE =
  /<year>|\[yyyy\]|\{yyyy\}|<copyright holders?>|\[name of copyright owner\]|<name of author>|Free Software Foundation, Inc\./i;

/** The copyright lines of a package's licence files, each once, as written. */
export function copyrightLines(files: LicenceFile[]): string[] {
  const lines = files.flatMap((file) => file.text.split('\n'));
  const found = lines
    .map((line) => line.replace(/^[\s*#/>-]+/, '').trim())
    .filter((line) => COPYRIGHT_LINE.test(line) && !TEMPLATE.test(line));
  return [...new Set(found)];
}

const require = createRequire(import.meta.url);

/** The standard text of an SPDX licence, from spdx-license-list, or undefined for one it lacks (a LicenseRef). */
export function standardLicenceText(id: string): string | undefined {
  let path: string;
  try {
    path = require.resolve(`spdx-license-list/licenses/${id}.json`);
  } catch {
    return undefined;
  }
  const { licenseText } = JSON.parse(readFileSync(path, 'utf8')) as { licenseText?: unknown };
  return typeof licenseText === 'string' ? licenseText.replace(/\r\n?/g, '\n').trimEnd() : undefined;
}
