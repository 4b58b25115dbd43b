import { z } from 'zod';

/** What a job makes or does, as its title names it (each is a message the page words). */
export const JobTitleWhat = z.enum([
  'character_create',
  'character_regenerate',
  'character_revert',
  'image',
  'video',
  'talk',
  'voice_clone',
  'voice_design',
  'speech',
]);
export type JobTitleWhat = z.infer<typeof JobTitleWhat>;

/** The longest stretch of a person's text a job's title carries (a prompt, a line, a name); more is cut. */
export const JOB_TITLE_SUBJECT_MAX = 60;

/**
 * A job's name for the queue, notifications and placeholders: what it is, and the person's own
 * text it names (a character's or voice's name, a prompt, the words spoken), which the page shows
 * isolated in its own direction. Core never builds the sentence.
 */
export const JobTitle = z.strictObject({
  what: JobTitleWhat,
  subject: z.string().max(JOB_TITLE_SUBJECT_MAX),
});
export type JobTitle = z.infer<typeof JobTitle>;
