import { randomUUID } from 'node:crypto';
import type { LibraryItem } from '../../../../shared/ipc/index.ts';
import type { LibraryHost } from '../../library/support/libraryHost.ts';

/**
 * One finished item written straight into core's library index, the way seedLibrary does
 * (test/e2e/library/support/seedLibrary.ts): for an item whose options no fast test would wait to
 * render, such as a 15-second pro video, reusing the media of a real one. Returns its id.
 */
export function seedItem(studio: LibraryHost, item: LibraryItem): string {
  const session = studio.host.core.session();
  if (!session) throw new Error('No active session to seed.');
  const id = randomUUID();
  const now = new Date().toISOString();
  session.library.run(
    `INSERT INTO library_items (id, kind, status, title, prompt, character_id, character_name, model, options_json, credits_used,
                                media_id, thumb_id, media_type, favorite, error_message, created_at, completed_at)
     VALUES (?, ?, 'completed', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, NULL, ?, ?)`,
    id,
    item.kind,
    item.title,
    item.prompt,
    item.characterId,
    item.characterName,
    item.model,
    JSON.stringify(item.options),
    item.creditsUsed,
    item.mediaId,
    item.thumbId,
    item.mediaType,
    now,
    now,
  );
  return id;
}
