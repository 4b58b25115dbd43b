import { JOB_TITLE_SUBJECT_MAX, JobTitle, type JobKind, type JobTitleWhat } from '../../../shared/ipc/index.ts';

/** A job's title: what it is, and the person's text it names on one line, cut to what a title shows. */
export function jobTitle(what: JobTitleWhat, text: string): JobTitle {
  const clean = text.replace(/\s+/g, ' ').trim();
  const subject = clean.length > JOB_TITLE_SUBJECT_MAX ? `${clean.slice(0, JOB_TITLE_SUBJECT_MAX - 1)}…` : clean;
  return { what, subject };
}

/**
 * The title a job's row holds (JSON of a JobTitle). A row from before titles were codes holds an
 * English sentence: its title is read again from the request it sends, and a character's name
 * (which regenerate and revert requests do not carry) from between the sentence's quotes.
 */
export function readJobTitle(row: { kind: JobKind; title: string; body: string }): JobTitle {
  if (row.title.startsWith('{')) {
    try {
      const stored = JobTitle.safeParse(JSON.parse(row.title));
      if (stored.success) return stored.data;
    } catch {
      // An older title that happens to start with a brace: read as one below.
    }
  }
  return titleFromRequest(row);
}

type Request = { text: (key: string) => string; body: Record<string, unknown>; quoted: string };

/** Per kind, an older row's title from its request (a table: a kind without its row does not compile). */
const TITLE_FROM_REQUEST: Record<JobKind, (request: Request) => JobTitle> = {
  'character.create': ({ text }) => jobTitle('character_create', text('name')),
  'character.regenerate': ({ quoted }) => jobTitle('character_regenerate', quoted),
  'character.revert': ({ quoted }) => jobTitle('character_revert', quoted),
  'generation.create': ({ body, text }) =>
    jobTitle(body.type === 'video' ? 'video' : body.type === 'talk' ? 'talk' : 'image', text('prompt')),
  'voice.clone': ({ body, text }) => jobTitle(body.setup_mode === 'voice_design' ? 'voice_design' : 'voice_clone', text('name')),
  'audio.create': ({ text }) => jobTitle('speech', text('text')),
};

function titleFromRequest(row: { kind: JobKind; title: string; body: string }): JobTitle {
  const body = parseBody(row.body);
  const text = (key: string) => (typeof body[key] === 'string' ? body[key] : '');
  return TITLE_FROM_REQUEST[row.kind]({ text, body, quoted: /“([^”]*)”/.exec(row.title)?.[1] ?? '' });
}

function parseBody(body: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
