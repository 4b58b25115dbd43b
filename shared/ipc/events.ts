import { z } from 'zod';
import { AppError } from './appErrors.ts';
import { CharacterView, Collection, Connection, DiskSpace, Job, LibraryHealth, LibraryItem, ServiceFacts } from './models.ts';
import { sceneEvents } from './scenes.ts';
import { spaceEvents } from './spaces.ts';
import { UpdateStatus } from './updates.ts';

/** Events main sends to the renderer: `domain.happened` → payload schema. */
export const events = {
  'job.updated': Job,
  'character.updated': CharacterView,
  'library.updated': z.object({ items: z.array(LibraryItem), removedIds: z.array(z.string()) }),
  'voices.updated': z.object({ voiceId: z.string(), status: z.string() }),
  'audio.updated': z.object({ audioId: z.string(), status: z.string() }),
  'credits.changed': z.object({ balance: z.number().int() }),
  /** Collections were made, renamed or removed on another machine of the space: the whole list as it is now. */
  'collections.changed': z.object({ collections: z.array(Collection) }),
  'connection.changed': Connection,
  'service.learned': ServiceFacts,
  /** `role`: which file of the item (`output`, `thumbnail`, …). */
  'download.progress': z.object({
    mediaId: z.string(),
    itemId: z.string().nullable(),
    role: z.string().optional(),
    received: z.number().int(),
    total: z.number().int().nullable(),
    done: z.boolean(),
  }),
  /** A file failed for good (`role` as in `download.progress`): `error` says why, for the page to word. */
  'download.failed': z.object({
    mediaId: z.string(),
    itemId: z.string().nullable(),
    role: z.string(),
    error: AppError,
  }),
  /**
   * A library export: `total` files to copy (items without downloaded media are not counted), `bytes`
   * of `totalBytes` copied so far; `problem` is why a failed export failed (the page words it).
   */
  'export.progress': z.object({
    exportId: z.string(),
    folder: z.string(),
    state: z.enum(['running', 'done', 'cancelled', 'failed']),
    exported: z.number().int(),
    total: z.number().int(),
    bytes: z.number().int(),
    totalBytes: z.number().int(),
    problem: AppError.nullable(),
  }),
  'health.changed': LibraryHealth,
  /** The library's disk became full, or has room again. */
  'disk.changed': DiskSpace,
  /** Core's process or thread as its shell sees it: ended and starting again, running again, or given up on. */
  /** Core's state as the shell tells it; `notice` is what the page says of it (the page words it). */
  'core.changed': z.object({
    state: z.enum(['running', 'restarting', 'stopped']),
    notice: z.enum(['started', 'restarting', 'starting_again', 'running_again', 'stopped']),
  }),
  /** The desktop app's updates changed state (the browser host never sends it). */
  'updates.changed': UpdateStatus,
  'notification.clicked': z.object({ itemId: z.string() }),
  ...sceneEvents,
  ...spaceEvents,
} as const;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.infer<Events[E]>;
export const EVENT_NAMES = Object.keys(events) as EventName[];
