// THIRD-PARTY-NOTICES.txt: the notices as one plain text file a person can read anywhere.
import type { Notices, PackageNotice, ProgramNotice } from './notices.ts';

const RULE = '='.repeat(78);

function programSection(program: ProgramNotice): string {
  const builds = program.packages.map((pkg) => `    ${pkg.name} ${pkg.version}${pkg.build ? ` (built from ${pkg.build})` : ''}`);
  return [
    `${program.name}: ${program.licence}`,
    `  ${program.note}`,
    '  Its source can be had from:',
    ...program.source.map((line) => `    ${line}`),
    '  It comes in these packages, whose licence texts are below:',
    ...builds,
  ].join('\n');
}

function platformOf(notice: PackageNotice): string | undefined {
  return notice.platform ? `Only in the app for ${[...notice.platform.os, ...notice.platform.cpu].join(' ')}.` : undefined;
}

function packageSection(notice: PackageNotice): string {
  const head = [
    RULE,
    `${notice.name} ${notice.version}`,
    `Licence: ${notice.licence}${notice.declaredLicence && notice.declaredLicence !== notice.licence ? ` (the package declares "${notice.declaredLicence}")` : ''}`,
    notice.licenceNote,
    notice.sandboxProgram ? `Part of ${notice.sandboxProgram}, which only the sandbox runs, as its own program.` : undefined,
    platformOf(notice),
    notice.homepage ? `Homepage: ${notice.homepage}` : undefined,
    notice.copyright.length > 0
      ? `${notice.copyrightFrom === 'licence file' ? 'Copyright' : 'Author (no copyright line in a licence file)'}: ${notice.copyright.join('; ')}`
      : 'No copyright line or author is given by the package.',
    notice.textNote,
    RULE,
  ];
  const texts = notice.texts.map(
    (text) => `--- ${text.from === 'package' ? text.file : `${text.licence} (standard text)`} ---\n\n${text.text}`,
  );
  return [head.filter((line) => line !== undefined).join('\n'), ...texts].join('\n\n');
}

export function renderNoticesText(notices: Notices): string {
  const index = notices.packages.map((notice) => `  ${notice.name} ${notice.version}: ${notice.licence}`);
  return [
    `${notices.product} ${notices.version}: third-party notices`,
    `${notices.product} contains the ${notices.packages.length} packages listed below, under their own licences; ` +
      `the list is made from ${notices.generatedFrom} when the app is built. ${notices.electron}`,
    'PROGRAMS THE SANDBOX RUNS',
    ...notices.programs.map(programSection),
    'PACKAGES',
    index.join('\n'),
    ...notices.packages.map(packageSection),
  ].join('\n\n');
}
