import { randomUUID } from 'node:crypto';
import type { LibraryItem } from '../../../../shared/ipc/index.ts';
import type { LibraryHost } from './libraryHost.ts';

/** A word only some seeded prompts carry, so a search has a known, partial answer. */
export const SEED_WORD = 'aurora';

const PLACES = ['harbor', 'forest', 'desert', 'city', 'studio', 'castle', 'market', 'library', 'canyon', 'garden'];
const MOODS = ['at dusk', 'in the rain', 'under neon light', 'at noon', 'in fog', 'by candlelight'];
const DAY = 86_400_000;

/**
 * Seeds the active library with `count` generations, the test-only way (documented here): rows are
 * written straight into core's library index (`library_items`, which also feeds the FTS index through
 * its triggers), reusing the media of real generations made against the sandbox. Making thousands
 * of generations through the sandbox would take minutes on two cores; what the gallery reads is this
 * table, so the gallery sees exactly what a long history sync would leave. Every seeded row is a
 * finished, downloaded item: its media is the same content id as one of `media`.
 */
export async function seedLibrary(studio: LibraryHost, count: number, media: readonly LibraryItem[]): Promise<void> {
  const session = studio.host.core.session();
  if (!session) throw new Error('No active session to seed.');
  const sources = media.filter((item) => item.mediaId !== null);
  if (sources.length === 0) throw new Error('Seeding needs at least one downloaded item to borrow media from.');
  const now = Date.now();
  session.library.transaction(() => {
    for (let index = 0; index < count; index += 1) {
      const source = sources[index % sources.length] as LibraryItem;
      const place = PLACES[index % PLACES.length] ?? 'harbor';
      const mood = MOODS[(index * 7) % MOODS.length] ?? 'at dusk';
      const special = index % 11 === 0 ? ` with an ${SEED_WORD} overhead` : '';
      const prompt = `${source.characterName ?? 'Mira'} in a ${place} ${mood}${special}`;
      const created = new Date(now - (index + 1) * (120 * DAY) / count).toISOString();
      session.library.run(
        `INSERT INTO library_items (id, kind, status, title, prompt, character_id, character_name, model, options_json, credits_used,
                                    media_id, thumb_id, media_type, favorite, error_message, created_at, completed_at)
         VALUES (?, ?, 'completed', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, NULL, ?, ?)`,
        randomUUID(),
        source.kind,
        prompt.slice(0, 80),
        prompt,
        source.characterId,
        source.characterName,
        source.model,
        JSON.stringify(source.options),
        source.creditsUsed,
        source.mediaId,
        source.thumbId,
        source.mediaType,
        created,
        created,
      );
    }
  });
}
