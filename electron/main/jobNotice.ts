import type { CommandInput } from '../../shared/ipc/index.ts';
import type { Job } from '../../shared/ipc/models.ts';

/** The notification's words as the page last gave them (`shell.noticeWords`), in its language. */
export type NoticeWords = CommandInput<'shell.noticeWords'>;

/** Until the page has said, English (the page sends its own as soon as it shows). */
export const ENGLISH_NOTICE_WORDS: NoticeWords = {
  ready: '{subject} is ready',
  readyUnnamed: 'Your job is ready',
  open: 'Click to open it in Cast Studio.',
};

/**
 * The native notification of a finished job, named by the creator's own text in its title (a
 * prompt, a name), isolated so it keeps its own direction inside a sentence of another script.
 */
export function jobNotice(job: Job, words: NoticeWords = ENGLISH_NOTICE_WORDS): { title: string; body: string } {
  const subject = job.title.subject.trim();
  const title = subject ? words.ready.split('{subject}').join(`\u2068${subject}\u2069`) : words.readyUnnamed;
  return { title, body: words.open };
}
