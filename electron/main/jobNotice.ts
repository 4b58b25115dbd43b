import type { Job } from '../../shared/ipc/models.ts';

/**
 * The native notification of a finished job, named by the creator's own text in its title (a
 * prompt, a name). The shell has no catalogs of its own yet, so its few words stay English.
 */
export function jobNotice(job: Job): { title: string; body: string } {
  const subject = job.title.subject.trim();
  return { title: subject ? `${subject} is ready` : 'Your job is ready', body: 'Click to open it in Cast Studio.' };
}
