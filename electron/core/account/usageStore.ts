import { JOB_KINDS, type JobKindTable, type UsageRule } from '../jobs/jobKinds.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';

export type SpendRow = { day: string; kind: string; credits: number };
/** Credits spent on one character's work; `characterId` null for work of no character (voices, speech). */
export type CharacterSpendRow = { characterId: string | null; name: string | null; credits: number };

/** Charges that are spending: negative amounts not refunded later (a failed job's refund cancels its charge). */
const SPENDING = `t.created_at >= ? AND t.amount < 0
  AND NOT (t.resource_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM credit_transactions r WHERE r.type = 'refund' AND r.resource_id = t.resource_id))`;

/** A word of the job kinds' table as an SQL string (the words are ours; a quote is doubled all the same). */
function sqlText(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * What the job accepted under a charge's resource id says of the charge, as one SQL value: `pick`
 * gives each kind's expression over the job's row `j`, or null when the kind says nothing of it.
 * Read from the job kinds' table, so a new kind is counted as its row says.
 */
function fromAcceptedJob(kinds: JobKindTable, pick: (usage: UsageRule) => string | null): string {
  const whens = Object.entries(kinds).flatMap(([kind, rule]) => {
    const value = rule.usage ? pick(rule.usage) : null;
    return value === null ? [] : [{ kind: sqlText(kind), value }];
  });
  if (whens.length === 0) return 'NULL';
  return `(SELECT CASE j.kind ${whens.map((w) => `WHEN ${w.kind} THEN ${w.value}`).join(' ')} END
             FROM jobs j
            WHERE j.resource_id = t.resource_id AND j.kind IN (${whens.map((w) => w.kind).join(', ')})
            ORDER BY j.created_at LIMIT 1)`;
}

const bodyField = (field: string) => `json_extract(j.body, ${sqlText(`$.${field}`)})`;

/** The account's usage as the mirrored credit transactions tell it. */
export class UsageStore {
  private readonly library: LibraryDatabase;
  /** The category a charge's accepted job gives it. */
  private readonly jobCategory: string;
  /** The character a charge's accepted job names. */
  private readonly jobCharacter: string;

  constructor(library: LibraryDatabase, kinds: JobKindTable = JOB_KINDS) {
    this.library = library;
    this.jobCategory = fromAcceptedJob(kinds, ({ category }) => ('word' in category ? sqlText(category.word) : bodyField(category.field)));
    this.jobCharacter = fromAcceptedJob(kinds, ({ characterField }) => (characterField === null ? null : bodyField(characterField)));
  }

  /**
   * Credits spent per day and per kind of work (character, regenerate, image, video, talk, voice,
   * audio), from the mirrored transactions. A charge names a resource (decision 6: `resource_id`), but
   * not always one the library mirrors under that id: a character's creation and regenerations are
   * charged to their generation id, and a talk clip or speech may be charged before its record is
   * synced. So the kind comes from the first source that knows it, the most specific first:
   *   1. the mirrored generation or library item (a character operation's generation by its operation),
   *   2. the outbox job that was accepted with that resource id, as its kind's `usage` says (a
   *      generation's body says image, video or talk),
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
             ${this.jobCategory},
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
             ${this.jobCharacter},
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
