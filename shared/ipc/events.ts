import { z } from 'zod';
import { CharacterView, Connection, Job, LibraryItem } from './models.ts';

/** Events main sends to the renderer: `domain.happened` → payload schema. */
export const events = {
  'job.updated': Job,
  'character.updated': CharacterView,
  'library.updated': z.object({ items: z.array(LibraryItem), removedIds: z.array(z.string()) }),
  'voices.updated': z.object({ voiceId: z.string(), status: z.string() }),
  'audio.updated': z.object({ audioId: z.string(), status: z.string() }),
  'credits.changed': z.object({ balance: z.number().int() }),
  'connection.changed': Connection,
  'download.progress': z.object({ mediaId: z.string(), itemId: z.string().nullable(), received: z.number().int(), total: z.number().int().nullable(), done: z.boolean() }),
  'notification.clicked': z.object({ itemId: z.string() }),
} as const;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.infer<Events[E]>;
export const EVENT_NAMES = Object.keys(events) as EventName[];
