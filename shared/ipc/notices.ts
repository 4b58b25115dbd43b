import { z } from 'zod';

/** One licence text of a notice: the package's own file, or the standard text of its licence. */
const NoticeText = z.object({ title: z.string(), text: z.string() });

/** A package or program the app contains, as Settings → About → Licences shows it. */
export const Notice = z.object({
  name: z.string(),
  version: z.string(),
  licence: z.string(),
  copyright: z.array(z.string()),
  /** Where the texts come from, or what a program is, when there is something to say (the build's English). */
  note: z.string().nullable(),
  /**
   * Where a program's source can be had (its licence texts are those of the packages it comes in);
   * empty for a package. The page words the sentence around them.
   */
  sources: z.array(z.string()),
  texts: z.array(NoticeText),
});
export type Notice = z.infer<typeof Notice>;

/** Why there are no notices: the build made none (`not_built`), or they could not be read (`unreadable`). */
export const NoticesMissing = z.enum(['not_built', 'unreadable']);
export type NoticesMissing = z.infer<typeof NoticesMissing>;

export const NoticeList = z.object({ product: z.string(), version: z.string(), electron: z.string(), notices: z.array(Notice) });
export type NoticeList = z.infer<typeof NoticeList>;
