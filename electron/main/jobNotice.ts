import type { Job } from '../../shared/ipc/models.ts';
import type { ShellWords } from './shellWords.ts';

/**
 * The native notification of a finished job, named by the creator's own text in its title (a
 * prompt, a name), in the studio's language.
 */
export function jobNotice(job: Job, words: ShellWords): { title: string; body: string } {
  const subject = job.title.subject.trim();
  return {
    title: subject ? words.say('shell.notice.ready', { subject }) : words.say('shell.notice.readyUntitled'),
    body: words.say('shell.notice.open'),
  };
}
