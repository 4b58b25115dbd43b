import type { LibraryDatabase } from '../library/libraryDatabase.ts';

export type SpendRow = { day: string; kind: string; credits: number };
/** Credits spent on one character's work; `characterId` null for work of no character (voices, speech). */
export type CharacterSpendRow = { characterId: string | null; name: string | null; credits: number };

/** Charges that are spending: negative amounts not refunded later (a failed job's refund cancels its charge). */
const SPENDING = `t.created_at >= ? AND t.amount < 0
  AND NOT (t.resource_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM credit_transactions r WHERE r.type = 'refund' AND r.resource_id = t.resource_id))`;

/** The account's usage as the mirrored credit transactions tell it. */
export class UsageStore {
  private readonly library: LibraryDatabase;

  constructor(library: LibraryDatabase) {
    this.library = library;
  }

  /**
   * Credits spent per day and per kind of work (character, regenerate, image, video, talk, voice,
   * audio), from the mirrored transactions. A charge names a resource (decision 6: `resource_id`), but
   * not always one the library mirrors under that id: a character's creation and regenerations are
   * charged to their generation id, and a talk clip or speech may be charged before its record is
   * synced. So the kind comes from the first source that knows it, the most specific first:
   *   1. the mirrored generation or library item (a character operation's generation by its operation),
   *   2. the outbox job that was accepted with that resource id (the body says image, video or talk),
   *   3. the mirrored voice or audio track,
   *   4. the transaction's own description (the service's words, e.g. `Character "Ada" regenerated`),
   *   5. a mirrored character (its id alone cannot tell a creation from a regeneration, hence late),
   * else `other`. A charge that was refunded (the job failed) is not spending and is left out.
   */
  spendByDay(sinceIso: string): SpendRow[] {
    return this.library.all<SpendRow>(
      `WITH charges AS (
         SELECT t.created_at, t.amount,
           coalesce(
             CASE json_extract(g.raw_json, '$.operation')
               WHEN 'characters.create.v1' THEN 'character'
               WHEN 'characters.regenerate.v1' THEN 'regenerate'
             END,
             g.type,
             i.kind,
             (SELECT CASE j.kind
                       WHEN 'generation.create' THEN json_extract(j.body, '$.type')
                       WHEN 'voice.clone' THEN 'voice'
                       WHEN 'audio.create' THEN 'audio'
                     END
                FROM jobs j
               WHERE j.resource_id = t.resource_id AND j.kind IN ('generation.create', 'voice.clone', 'audio.create')
               ORDER BY j.created_at LIMIT 1),
             CASE WHEN v.id IS NOT NULL THEN 'voice' WHEN a.id IS NOT NULL THEN 'audio' END,
             CASE
               WHEN lower(t.description) LIKE 'image%' THEN 'image'
               WHEN lower(t.description) LIKE 'video%' THEN 'video'
               WHEN lower(t.description) LIKE 'talk%' THEN 'talk'
               WHEN lower(t.description) LIKE 'voice%' THEN 'voice'
               WHEN lower(t.description) LIKE 'speech%' OR lower(t.description) LIKE 'audio%' THEN 'audio'
               WHEN lower(t.description) LIKE 'character%' AND (lower(t.description) LIKE '% regenerated' OR lower(t.description) LIKE '% edited') THEN 'regenerate'
               WHEN lower(t.description) LIKE 'character%' THEN 'character'
             END,
             CASE WHEN c.id IS NOT NULL THEN 'character' END,
             'other'
           ) AS raw_kind
         FROM credit_transactions t
         LEFT JOIN generations g ON g.id = t.resource_id
         LEFT JOIN library_items i ON i.id = t.resource_id
         LEFT JOIN voices v ON v.id = t.resource_id
         LEFT JOIN audio_tracks a ON a.id = t.resource_id
         LEFT JOIN characters c ON c.id = t.resource_id
         WHERE ${SPENDING}
       )
       SELECT substr(created_at, 1, 10) AS day,
              CASE raw_kind WHEN 'character_create' THEN 'character' WHEN 'character_regenerate' THEN 'regenerate' ELSE raw_kind END AS kind,
              -sum(amount) AS credits
         FROM charges
        GROUP BY day, kind ORDER BY day, kind`,
      sinceIso,
    );
  }

  /**
   * Credits spent per character since `sinceIso`, most first. The character comes from the first
   * source that names it: the mirrored generation, the library item, the outbox job's body, or the
   * charged resource being the character itself (its creation). Voices and speech belong to none.
   */
  spendByCharacter(sinceIso: string): CharacterSpendRow[] {
    return this.library.all<CharacterSpendRow>(
      `WITH charges AS (
         SELECT t.amount,
           coalesce(
             g.character_id,
             i.character_id,
             (SELECT json_extract(j.body, '$.character_id') FROM jobs j
               WHERE j.resource_id = t.resource_id AND j.kind = 'generation.create' ORDER BY j.created_at LIMIT 1),
             c.id
           ) AS character_id
         FROM credit_transactions t
         LEFT JOIN generations g ON g.id = t.resource_id
         LEFT JOIN library_items i ON i.id = t.resource_id
         LEFT JOIN characters c ON c.id = t.resource_id
         WHERE ${SPENDING}
       )
       SELECT s.character_id AS characterId, ch.name AS name, -sum(s.amount) AS credits
         FROM charges s LEFT JOIN characters ch ON ch.id = s.character_id
        GROUP BY s.character_id ORDER BY credits DESC, name`,
      sinceIso,
    );
  }
}
