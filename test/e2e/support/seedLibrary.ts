import { randomUUID } from 'node:crypto';
import type { LibraryItem } from '../../../shared/ipc/index.ts';
import { LibraryDatabase } from '../../../electron/core/library/libraryDatabase.ts';
import { FilePreferences } from '../../../electron/core/preferences/preferences.ts';
import { libraryFileOf } from '../../../electron/core/session/sessionStores.ts';
import type { StudioHost } from './studioHost.ts';
import { seedPrompt } from '../../support/seedPrompts.ts';

/** A word only some seeded prompts carry, so a search has a known, partial answer. */
export const SEED_WORD = 'aurora';

const DAY = 86_400_000;

const INSERT_ITEM = `INSERT INTO library_items (id, kind, status, title, prompt, character_id, character_name, model, options_json, credits_used,
                                                 media_id, thumb_id, media_type, favorite, error_message, created_at, completed_at)
                     VALUES (?, ?, 'completed', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, NULL, ?, ?)`;

/**
 * Opens the active profile's library file, where seeding writes: a connection of its own beside
 * core's (WAL lets both write), so seeding works wherever core runs, in a worker or in this thread.
 */
function withLibrary<T>(studio: StudioHost, write: (library: LibraryDatabase) => T): T {
  const profileId = new FilePreferences({ cwd: studio.userDataDir }).get<string | null>('activeProfileId', null);
  if (!profileId) throw new Error('No active profile to seed.');
  const library = LibraryDatabase.open(libraryFileOf(studio.userDataDir, profileId));
  try {
    return write(library);
  } finally {
    library.close();
  }
}

/** One finished, downloaded item like `item` (its media borrowed) with its own id, title, prompt and date. */
function insertItem(library: LibraryDatabase, item: LibraryItem, id: string, title: string, prompt: string | null, created: string): void {
  library.run(
    INSERT_ITEM,
    id,
    item.kind,
    title,
    prompt,
    item.characterId,
    item.characterName,
    item.model,
    JSON.stringify(item.options),
    item.creditsUsed,
    item.mediaId,
    item.thumbId,
    item.mediaType,
    created,
    created,
  );
}

/**
 * Seeds the active library with `count` generations, the test-only way (documented here): rows are
 * written straight into core's library index (`library_items`, which also feeds the FTS index through
 * its triggers), reusing the media of real generations made against the sandbox. Making thousands
 * of generations through the sandbox would take minutes on two cores; what the gallery reads is this
 * table, so the gallery sees exactly what a long history sync would leave. Every seeded row is a
 * finished, downloaded item: its media is the same content id as one of `media`.
 */
export function seedLibrary(studio: StudioHost, count: number, media: readonly LibraryItem[]): void {
  withLibrary(studio, (library) => seedItems(library, count, media));
}

function seedItems(library: LibraryDatabase, count: number, media: readonly LibraryItem[]): void {
  const sources = media.filter((item) => item.mediaId !== null);
  if (sources.length === 0) throw new Error('Seeding needs at least one downloaded item to borrow media from.');
  const now = Date.now();
  library.transaction(() => {
    for (let index = 0; index < count; index += 1) {
      const source = sources[index % sources.length] as LibraryItem;
      const prompt = seedPrompt(source.characterName ?? 'Mira', index, index % 11 === 0 ? SEED_WORD : undefined);
      const created = new Date(now - ((index + 1) * (120 * DAY)) / count).toISOString();
      insertItem(library, source, randomUUID(), prompt.slice(0, 80), prompt, created);
    }
  });
}

/**
 * One finished item written the same way: for an item whose options no fast test would wait to
 * render, such as a 15-second pro video, reusing the media of a real one. Returns its id.
 */
export function seedItem(studio: StudioHost, item: LibraryItem): string {
  const id = randomUUID();
  withLibrary(studio, (library) => insertItem(library, item, id, item.title, item.prompt, new Date().toISOString()));
  return id;
}

/**
 * A long credit history written straight into core's mirror of it (`credit_transactions`), as a
 * sync of an account with months of use would leave it: `count` grants, one a day, older than now.
 */
export function seedCreditHistory(studio: StudioHost, count: number): void {
  withLibrary(studio, (library) => seedCredits(library, count));
}

function seedCredits(library: LibraryDatabase, count: number): void {
  const now = Date.now();
  library.transaction(() => {
    for (let index = 0; index < count; index += 1) {
      const record = {
        id: randomUUID(),
        amount: 25,
        type: 'purchase',
        description: `Credits bought, pack ${index + 1}`,
        created_at: new Date(now - (index + 2) * DAY).toISOString(),
        balance_after: 1_000 - index * 25,
        resource_id: null,
      };
      library.run(
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
