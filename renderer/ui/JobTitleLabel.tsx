import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { JobTitle, JobTitleWhat } from '../../shared/ipc/index.ts';
import type { MessageId } from '../i18n/catalogs.ts';
import { currentFormats } from '../i18n/currentLocale.ts';
import type { Formats } from '../i18n/format.ts';

/** The catalog message of each kind of job title; the compiler refuses a kind without one. */
export const JOB_TITLE_MESSAGES = {
  character_create: 'queue.title.character_create',
  character_regenerate: 'queue.title.character_regenerate',
  character_revert: 'queue.title.character_revert',
  image: 'queue.title.image',
  video: 'queue.title.video',
  talk: 'queue.title.talk',
  voice_clone: 'queue.title.voice_clone',
  voice_design: 'queue.title.voice_design',
  speech: 'queue.title.speech',
} as const satisfies Record<JobTitleWhat, MessageId>;

/** The person's text keeps its own direction inside our words (First Strong Isolate … Pop). */
const isolate = (chunks: string[]) => `\u2068${chunks.join('')}\u2069`;

/**
 * A job's title as plain text, for a toast, an accessible name or a sentence around it: what the
 * job is in the studio's language, and the person's text isolated. Outside components this uses
 * the locale in use now.
 */
export function jobTitleText(title: JobTitle, formats: Formats = currentFormats()): string {
  return formats.text(JOB_TITLE_MESSAGES[title.what], { subject: title.subject, bdi: isolate });
}

/** A job's title on screen, the person's text in a `<bdi>` of its own. */
export function JobTitleLabel({ title, className, testId }: { title: JobTitle; className?: string; testId?: string }) {
  const intl = useIntl();
  return (
    <span className={className} data-title-what={title.what} data-testid={testId}>
      {intl.formatMessage(
        { id: JOB_TITLE_MESSAGES[title.what] },
        { subject: title.subject, bdi: (chunks: ReactNode[]) => <bdi key="subject">{chunks}</bdi> },
      )}
    </span>
  );
}
