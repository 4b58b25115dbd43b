import { z } from 'zod';

/** One licence text of a notice: the package's own file, or the standard text of its licence. */
const NoticeText = z.object({ title: z.string(), text: z.string() });

/** A package or program the app contains, as Settings → About → Licences shows it. */
export const Notice = z.object({
  name: z.string(),
  version: z.string(),
  licence: z.string(),
  copyright: z.array(z.string()),
  /** Where the texts come from or where a program's source can be had, when there is something to say. */
  note: z.string().nullable(),
  texts: z.array(NoticeText),
});
export type Notice = z.infer<typeof Notice>;

export const NoticeList = z.object({ product: z.string(), version: z.string(), electron: z.string(), notices: z.array(Notice) });
export type NoticeList = z.infer<typeof NoticeList>;
