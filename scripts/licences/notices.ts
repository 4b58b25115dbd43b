// The third-party notices of the installed app: one entry per package of the runtime tree, with its
// licence, copyright and licence text, and the sandbox's programs with where their source can be had.
import { join } from 'node:path';
import { allowsFor, resolveLicence } from './licenceCheck.ts';
import { sandboxProgramOf, type LicencePolicy, type SandboxProgram } from './licencePolicy.ts';
import { copyrightLines, readPackageFiles, standardLicenceText, type PackageFiles } from './packageFiles.ts';
import { lockfileRuntimePackages, type Lockfile, type RuntimePackage } from './runtimeTree.ts';
import { licencesFollowed } from './spdxExpression.ts';

export type LicenceText = { from: 'package'; file: string; text: string } | { from: 'spdx'; licence: string; text: string };

export interface PackageNotice {
  name: string;
  version: string;
  /** Its folder from the app's root, e.g. `node_modules/@dicebear/core`. */
  path: string;
  /** SPDX expression: the package's own, or the one recorded for it when its field is not one. */
  licence: string;
  declaredLicence: string | undefined;
  licenceNote: string | undefined;
  /** Set for an optional package of another platform: only that platform's app contains it. */
  platform: { os: string[]; cpu: string[] } | undefined;
  /** Whether the package was installed where the notices were made (its own files were read). */
  installed: boolean;
  sandboxProgram: string | undefined;
  homepage: string | undefined;
  copyright: string[];
  copyrightFrom: 'licence file' | 'package.json author' | 'none';
  texts: LicenceText[];
  /** Says where the texts come from when they are not the package's own files. */
  textNote: string | undefined;
}

export interface ProgramNotice extends Omit<SandboxProgram, 'packages'> {
  packages: Array<{ name: string; version: string; build: string | undefined }>;
}

export interface Notices {
  product: string;
  version: string;
  generatedFrom: 'package-lock.json';
  electron: string;
  programs: ProgramNotice[];
  packages: PackageNotice[];
}

const ELECTRON_NOTE =
  "Electron's licence and Chromium's notices ship beside the app's executable, as LICENSE.electron.txt and LICENSES.chromium.html.";

function copyrightOf(files: PackageFiles | undefined): Pick<PackageNotice, 'copyright' | 'copyrightFrom'> {
  const lines = copyrightLines(files?.licenceFiles ?? []);
  if (lines.length > 0) return { copyright: lines, copyrightFrom: 'licence file' };
  if (files?.author) return { copyright: [files.author], copyrightFrom: 'package.json author' };
  return { copyright: [], copyrightFrom: 'none' };
}

function standardTexts(ids: string[], why: string): Pick<PackageNotice, 'texts' | 'textNote'> {
  const texts: LicenceText[] = [];
  const found: string[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    const text = standardLicenceText(id);
    if (text) {
      texts.push({ from: 'spdx', licence: id, text });
      found.push(id);
    } else missing.push(id);
  }
  const given = found.length > 0 ? ` The standard SPDX text of ${found.join(', ')} follows.` : '';
  const lacking = missing.length > 0 ? ` There is no standard text of ${missing.join(', ')}.` : '';
  return { texts, textNote: `${why}${given}${lacking}` };
}

function textsOf(pkg: RuntimePackage, files: PackageFiles | undefined, followed: string[]): Pick<PackageNotice, 'texts' | 'textNote'> {
  if (files && files.licenceFiles.length > 0) {
    return { texts: files.licenceFiles.map((file) => ({ from: 'package' as const, ...file })), textNote: undefined };
  }
  if (!files) {
    const where = pkg.platform ? ` (it is for ${[...pkg.platform.os, ...pkg.platform.cpu].join(' ')})` : '';
    return standardTexts(followed, `The package was not installed where these notices were made${where}.`);
  }
  return standardTexts(followed, 'The package ships no licence file.');
}

function packageNotice(root: string, pkg: RuntimePackage, policy: LicencePolicy): PackageNotice {
  const files = readPackageFiles(join(root, pkg.path));
  const program = sandboxProgramOf(policy, pkg.name);
  const licence = resolveLicence(pkg, policy);
  const followed = licence.ok ? licencesFollowed(licence.expression, allowsFor(policy, program)) : [];
  return {
    name: pkg.name,
    version: pkg.version,
    path: pkg.path,
    licence: licence.ok ? licence.text : (pkg.declaredLicence ?? 'UNKNOWN'),
    declaredLicence: pkg.declaredLicence,
    licenceNote: licence.ok ? licence.recordedNote : licence.problem,
    platform: pkg.platform,
    installed: files !== undefined,
    sandboxProgram: program?.name,
    homepage: files?.homepage,
    ...copyrightOf(files),
    ...textsOf(pkg, files, followed),
  };
}

function programNotice(program: SandboxProgram, packages: PackageNotice[], root: string): ProgramNotice {
  const ours = packages.filter((pkg) => pkg.sandboxProgram === program.name);
  return {
    ...program,
    packages: ours.map((pkg) => {
      // The ffmpeg installer packages name the FFmpeg revision their binary was built from.
      const build = pkg.installed ? readPackageFiles(join(root, pkg.path))?.manifest.ffmpeg : undefined;
      return { name: pkg.name, version: pkg.version, build: typeof build === 'string' ? build : undefined };
    }),
  };
}

/** The notices of every package the lockfile's runtime tree holds, read from `root`'s node_modules. */
export function collectNotices(root: string, lock: Lockfile, policy: LicencePolicy, product: { name: string; version: string }): Notices {
  const packages = lockfileRuntimePackages(lock).map((pkg) => packageNotice(root, pkg, policy));
  return {
    product: product.name,
    version: product.version,
    generatedFrom: 'package-lock.json',
    electron: ELECTRON_NOTE,
    programs: policy.programs.map((program) => programNotice(program, packages, root)),
    packages,
  };
}
