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

/**
 * A long credit history written straight into core's mirror of it (`credit_transactions`), as a
 * sync of an account with months of use would leave it: `count` grants, one a day, older than now.
 */
export function seedCreditHistory(studio: LibraryHost, count: number): void {
  const session = studio.host.core.session();
  if (!session) throw new Error('No active session to seed.');
  const now = Date.now();
  session.library.transaction(() => {
    for (let index = 0; index < count; index += 1) {
      const record = {
        id: randomUUID(),
        amount: 25,
        type: 'purchase',
        description: `Credits bought, pack ${index + 1}`,
        created_at: new Date(now - (index + 2) * 86_400_000).toISOString(),
        balance_after: 1_000 - index * 25,
        resource_id: null,
      };
      session.library.run(
        'INSERT INTO credit_transactions (id, amount, type, description, resource_id, balance_after, created_at, raw_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        record.id,
        record.amount,
        record.type,
        record.description,
        record.resource_id,
        record.balance_after,
        record.created_at,
        JSON.stringify(record),
      );
    }
  });
}
