// Which licences the installed app may contain, and the few packages a person has read by hand.

/** A package whose `license` field is not an SPDX expression, as a person read its licence files. */
export interface RecordedLicence {
  /** The field as the package declares it: a new version that declares something else is read again. */
  declared: string;
  expression: string;
  note: string;
}

/** A program the sandbox runs as its own process, and where its source can be had. */
export interface SandboxProgram {
  name: string;
  packages: string[];
  licence: string;
  source: string[];
  note: string;
}

export interface LicencePolicy {
  /** Licences any runtime package may have: permissive ones, weak file-level copyleft (MPL), fonts and data. */
  allowed: ReadonlySet<string>;
  /** The GPL family, allowed only for the sandbox's programs below. */
  sandboxOnly: ReadonlySet<string>;
  programs: readonly SandboxProgram[];
  recorded: Readonly<Record<string, RecordedLicence>>;
}

const ALLOWED = [
  'MIT',
  'MIT-0',
  'ISC',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  'MPL-2.0',
  '0BSD',
  'CC0-1.0',
  'Unlicense',
  'BlueOak-1.0.0',
  'Zlib',
  'BSL-1.0',
  'Unicode-DFS-2016',
  'Unicode-3.0',
  'Python-2.0',
  // Fonts (Inter) and design or data files (DiceBear's styles): attribution is given in the notices.
  'OFL-1.1',
  'CC-BY-3.0',
  'CC-BY-4.0',
  // DiceBear's Avataaars and Bottts designs by Pablo Stanley: free for personal and commercial use.
  'LicenseRef-Avataaars',
  'LicenseRef-Bottts',
];

// Deprecated SPDX forms included: packages still declare `GPL-3.0` and `LGPL-2.1`.
const GPL_FAMILY = ['GPL-2.0', 'GPL-3.0', 'LGPL-2.1', 'LGPL-3.0'].flatMap((id) => [id, `${id}-only`, `${id}-or-later`]);

const FFMPEG_PLATFORMS = ['darwin-arm64', 'darwin-x64', 'linux-arm', 'linux-arm64', 'linux-ia32', 'linux-x64', 'win32-ia32', 'win32-x64'];

const PROGRAMS: SandboxProgram[] = [
  {
    name: 'FFmpeg',
    packages: ['@ffmpeg-installer/ffmpeg', ...FFMPEG_PLATFORMS.map((platform) => `@ffmpeg-installer/${platform}`)],
    licence:
      'GPL-3.0 (the Linux and Windows static builds, with x264); LGPL-2.1-or-later or GPL where FFmpeg is built with GPL parts (macOS)',
    source: [
      'FFmpeg: https://ffmpeg.org/download.html#get-sources (git: https://git.ffmpeg.org/ffmpeg.git)',
      'x264: https://code.videolan.org/videolan/x264',
      'the builds these packages carry, and the revisions they were built from: https://github.com/kribblo/node-ffmpeg-installer',
    ],
    note: 'The sandbox starts the ffmpeg executable as a separate program; nothing of the app links or loads it.',
  },
  {
    name: 'eSpeak NG',
    packages: ['espeak-ng'],
    licence: 'GPL-3.0-or-later',
    source: ['eSpeak NG: https://github.com/espeak-ng/espeak-ng', 'its WebAssembly build: https://github.com/ianmarmour/espeak-ng.js'],
    note: "The sandbox loads eSpeak NG's WebAssembly module only in its own media worker, in the sandbox's own process.",
  },
];

const ffmpegBuild = (declared: string, expression: string, note: string): RecordedLicence => ({ declared, expression, note });
const STATIC_FFMPEG = ffmpegBuild('GPLv3', 'GPL-3.0-only', 'A static FFmpeg build with x264; the package declares "GPLv3".');

const RECORDED: Record<string, RecordedLicence> = {
  // In the sync server's tree (sync-server/package-lock.json), not the app's.
  '@sesamecare-oss/redlock': {
    declared: 'UNLICENSED',
    expression: 'MIT',
    note: 'Its LICENSE.md is the MIT licence (Copyright (c) 2015 Mike Marcacci), of the redlock package it continues; the "UNLICENSED" field is a mistake of its package.json.',
  },
  '@dicebear/avataaars': {
    declared: 'See LICENSE file',
    expression: 'MIT AND LicenseRef-Avataaars',
    note: 'Its LICENSE file: the code is MIT; the Avataaars design by Pablo Stanley is free for personal and commercial use.',
  },
  '@dicebear/bottts': {
    declared: 'See LICENSE file',
    expression: 'MIT AND LicenseRef-Bottts',
    note: 'Its LICENSE file: the code is MIT; the Bottts design by Pablo Stanley is free for personal and commercial use.',
  },
  '@ffmpeg-installer/darwin-arm64': ffmpegBuild(
    'https://git.ffmpeg.org/gitweb/ffmpeg.git/blob_plain/HEAD:/LICENSE.md',
    'LGPL-2.1-or-later AND GPL-2.0-or-later',
    "The package points at FFmpeg's LICENSE.md: LGPL-2.1-or-later, GPL-2.0-or-later where the build enables GPL parts. " +
      'Its build configuration is not published with it, so both texts are given.',
  ),
  '@ffmpeg-installer/linux-arm': STATIC_FFMPEG,
  '@ffmpeg-installer/linux-arm64': STATIC_FFMPEG,
  '@ffmpeg-installer/linux-ia32': STATIC_FFMPEG,
  '@ffmpeg-installer/linux-x64': STATIC_FFMPEG,
  '@ffmpeg-installer/win32-ia32': STATIC_FFMPEG,
  '@ffmpeg-installer/win32-x64': STATIC_FFMPEG,
};

export const LICENCE_POLICY: LicencePolicy = {
  allowed: new Set(ALLOWED),
  sandboxOnly: new Set(GPL_FAMILY),
  programs: PROGRAMS,
  recorded: RECORDED,
};

/** The sandbox program a package belongs to, if it is one of the named exceptions. */
export function sandboxProgramOf(policy: LicencePolicy, name: string): SandboxProgram | undefined {
  return policy.programs.find((program) => program.packages.includes(name));
}
