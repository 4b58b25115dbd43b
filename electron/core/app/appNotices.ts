import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { Notice, NoticeList, NoticesMissing } from '../../../shared/ipc/notices.ts';

// The file the build writes (scripts/licences/notices.ts), read as untrusted input: only what the
// licences list shows is kept, and a file of another shape is refused (`unreadable`, worded by the page).
const PackageEntry = z.object({
  name: z.string(),
  version: z.string(),
  licence: z.string(),
  copyright: z.array(z.string()),
  textNote: z.string().optional(),
  texts: z.array(z.union([z.object({ file: z.string(), text: z.string() }), z.object({ licence: z.string(), text: z.string() })])),
});
const ProgramEntry = z.object({
  name: z.string(),
  licence: z.string(),
  note: z.string(),
  source: z.array(z.string()),
  packages: z.array(z.object({ version: z.string() })),
});
const NoticesFile = z.object({
  product: z.string(),
  version: z.string(),
  electron: z.string(),
  programs: z.array(ProgramEntry),
  packages: z.array(PackageEntry),
});

export type NoticesAnswer = { notices: NoticeList } | { missing: NoticesMissing };

/** The notices file the build wrote, as the licences list shows it, or why there is none. */
export async function readNotices(file: string | undefined): Promise<NoticesAnswer> {
  if (!file) return { missing: 'not_built' };
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return { missing: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not_built' : 'unreadable' };
  }
  let parsed: z.infer<typeof NoticesFile>;
  try {
    parsed = NoticesFile.parse(JSON.parse(text));
  } catch {
    return { missing: 'unreadable' };
  }
  const programs = parsed.programs.map(programNotice);
  const packages = parsed.packages.map(packageNotice);
  return { notices: { product: parsed.product, version: parsed.version, electron: parsed.electron, notices: [...programs, ...packages] } };
}

function programNotice(program: z.infer<typeof ProgramEntry>): Notice {
  const versions = [...new Set(program.packages.map((pkg) => pkg.version))];
  return {
    name: program.name,
    version: versions.join(', '),
    licence: program.licence,
    copyright: [],
    note: program.note,
    sources: program.source,
    texts: [],
  };
}

function packageNotice(pkg: z.infer<typeof PackageEntry>): Notice {
  return {
    name: pkg.name,
    version: pkg.version,
    licence: pkg.licence,
    copyright: pkg.copyright,
    note: pkg.textNote ?? null,
    sources: [],
    texts: pkg.texts.map((t) => ({ title: 'file' in t ? t.file : t.licence, text: t.text })),
  };
}
