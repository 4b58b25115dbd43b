import type { CharacterView, Collection, LibraryFilter, LibraryItem, LibraryKind } from '../../../shared/ipc/index.ts';
import { CastVoiceStore } from '../cast/castVoiceStore.ts';
import type { LibraryDatabase, SqlValue } from './libraryDatabase.ts';

type ItemRow = {
  id: string;
  kind: LibraryKind;
  status: string;
  title: string;
  prompt: string | null;
  character_id: string | null;
  character_name: string | null;
  model: string | null;
  options_json: string;
  credits_used: number | null;
  media_id: string | null;
  thumb_id: string | null;
  media_type: string | null;
  favorite: number;
  error_message: string | null;
  created_at: string;
  completed_at: string | null;
  collections: string | null;
  remote_url: string | null;
};

/**
 * The collection a character has by itself: its id is this prefix and the character's id. It is
 * computed from the items (nothing stored), so it cannot be deleted or filled by hand.
 */
export const CHARACTER_COLLECTION_PREFIX = 'character:';

export function characterOfCollection(collectionId: string): string | null {
  return collectionId.startsWith(CHARACTER_COLLECTION_PREFIX) ? collectionId.slice(CHARACTER_COLLECTION_PREFIX.length) : null;
}

// An audio track's prompt is its speech text, so the detail view shows it (search already covers
// speech_text through FTS). The remote URL is the service's output URL from the mirrored record.
const ITEM_COLUMNS = `i.id, i.kind, i.status, i.title, coalesce(i.prompt, i.speech_text) AS prompt, i.character_id, coalesce(c.name, i.character_name) AS character_name, i.model,
  i.options_json, i.credits_used, i.media_id, i.thumb_id, i.media_type, i.favorite, i.error_message, i.created_at, i.completed_at,
  (SELECT group_concat(ci.collection_id, char(31)) FROM collection_items ci WHERE ci.item_id = i.id) AS collections,
  CASE WHEN i.kind = 'audio' THEN (SELECT a.audio_url FROM audio_tracks a WHERE a.id = i.id)
       ELSE (SELECT g.output_url FROM generations g WHERE g.id = i.id) END AS remote_url`;

/**
 * Reads of the offline library. Every query here is served by an index (see migrations 0002 and
 * 0008), so a page of a 100k-item library costs milliseconds; search goes through FTS5.
 */
export class LibraryQueryStore {
  private readonly library: LibraryDatabase;

  /**
   * The service's address of a file at its CDN of the moment: the mirror keeps the address a record
   * had when it was read, and the embedded sandbox's CDN moves when its port was taken.
   */
  private readonly remoteAddress: (url: string) => string;

  /** A character shows its cast voice wherever it is listed. */
  private readonly cast: CastVoiceStore;

  constructor(library: LibraryDatabase, remoteAddress: (url: string) => string = (url) => url) {
    this.library = library;
    this.remoteAddress = remoteAddress;
    this.cast = new CastVoiceStore(library);
  }

  /** An item with the service's addresses it carries (its own, and its inputs' in its options) at the CDN of the moment. */
  private readonly toItem = (row: ItemRow): LibraryItem => {
    const item = toItem(row);
    const at = (value: unknown): unknown =>
      typeof value === 'string' && /^https?:\/\//.test(value) ? this.remoteAddress(value) : Array.isArray(value) ? value.map(at) : value;
    const options = Object.fromEntries(Object.entries(item.options).map(([key, value]) => [key, at(value)]));
    return { ...item, options, remoteUrl: item.remoteUrl === null ? null : this.remoteAddress(item.remoteUrl) };
  };

  query(filter: LibraryFilter, offset: number, limit: number): { items: LibraryItem[]; total: number } {
    const match = filter.search ? ftsQuery(filter.search) : null;
    if (match) return this.search(filter, match, offset, limit);
    const { where, params } = whereOf(filter);
    // Counted on the narrow kind index of migration 0008: the whole library in well under a millisecond.
    const total = this.library.get<{ n: number }>(`SELECT count(*) AS n FROM library_items i ${where}`, ...params)?.n ?? 0;
    // Two kinds or statuses at once cannot be read in date order from one index: their rows are sorted.
    if ((filter.kinds?.length ?? 0) > 1 || (filter.statuses?.length ?? 0) > 1)
      return { items: this.page(where, params, filter.sort, offset, limit), total };
    const order = filter.sort === 'oldest' ? 'i.created_at ASC, i.seq ASC' : 'i.created_at DESC, i.seq DESC';
    const rows = this.library.all<ItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM library_items i LEFT JOIN characters c ON c.id = i.character_id ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
      ...params,
      limit,
      offset,
    );
    return { items: rows.map(this.toItem), total };
  }

  /**
   * A page of a search, planned by how many items the words match (FTS5 counts them in about a
   * millisecond). A common word (10,000 of 100,000 items) was 47 ms with the generic plan: SQLite
   * fetched every match by rowid, computed every column (subqueries included) and sorted them all.
   * Here the page's rows are chosen first and their columns computed after, by the cheaper of two
   * plans: the rowid plan fetches every match and sorts them (about 3 µs a match), the date-index
   * walk tests membership row by row in order (about 0.1 µs a row) and stops at the page, so it
   * wins while the rows it walks, about (offset + limit) × items ÷ matches, stay under
   * SCAN_ROWS_PER_MATCH a match. A word in 1 % of 100,000 items: 3.2 ms → 0.9 ms for its first page.
   */
  private search(filter: LibraryFilter, match: string, offset: number, limit: number): { items: LibraryItem[]; total: number } {
    const matches = this.library.get<{ n: number }>('SELECT count(*) AS n FROM library_fts WHERE library_fts MATCH ?', match)?.n ?? 0;
    if (matches === 0) return { items: [], total: 0 };
    // Counted on migration 0008's narrow index: SQLite's page counts, well under a millisecond.
    const items = this.library.get<{ n: number }>('SELECT count(*) AS n FROM library_items')?.n ?? 0;
    const walk = ((offset + limit) * items) / matches;
    const { where, params, narrowed } = whereOf(filter, walk <= SCAN_ROWS_PER_MATCH * matches ? 'scan' : 'rowid');
    // The triggers of migration 0002 keep the FTS rowids equal to library_items' seqs, so with no
    // other filter the FTS count is the total.
    const total = narrowed
      ? (this.library.get<{ n: number }>(`SELECT count(*) AS n FROM library_items i ${where}`, ...params)?.n ?? 0)
      : matches;
    return { items: this.page(where, params, filter.sort, offset, limit), total };
  }

  /**
   * The rows of a page whose filter is sorted: their seqs are chosen first (a sort of seqs alone,
   * or a walk of the date index), and only the page's rows have their columns computed. Computed
   * before the sort, two kinds of 100,000 items cost 190 ms a page; chosen first, about 4 ms.
   * CROSS JOIN keeps the page outermost: with LIMIT bound as a parameter SQLite would otherwise
   * walk all of library_items and probe the page for each row.
   */
  private page(where: string, params: SqlValue[], sort: LibraryFilter['sort'], offset: number, limit: number): LibraryItem[] {
    const order = sort === 'oldest' ? 'i.created_at ASC, i.seq ASC' : 'i.created_at DESC, i.seq DESC';
    const rows = this.library.all<ItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM (SELECT i.seq FROM library_items i ${where} ORDER BY ${order} LIMIT ? OFFSET ?) page
       CROSS JOIN library_items i ON i.seq = page.seq LEFT JOIN characters c ON c.id = i.character_id ORDER BY ${order}`,
      ...params,
      limit,
      offset,
    );
    return rows.map(this.toItem);
  }

  ids(filter: LibraryFilter): string[] {
    const { where, params } = whereOf(filter);
    const order = filter.sort === 'oldest' ? 'i.created_at ASC, i.seq ASC' : 'i.created_at DESC, i.seq DESC';
    return this.library.all<{ id: string }>(`SELECT i.id FROM library_items i ${where} ORDER BY ${order}`, ...params).map((r) => r.id);
  }

  item(id: string): LibraryItem | null {
    const row = this.library.get<ItemRow>(
      `SELECT ${ITEM_COLUMNS} FROM library_items i LEFT JOIN characters c ON c.id = i.character_id WHERE i.id = ?`,
      id,
    );
    return row ? this.toItem(row) : null;
  }

  items(ids: readonly string[]): LibraryItem[] {
    const out: LibraryItem[] = [];
    for (const id of ids) {
      const item = this.item(id);
      if (item) out.push(item);
    }
    return out;
  }

  characters(search?: string): CharacterView[] {
    const rows = search?.trim()
      ? this.library.all<{ id: string }>(
          "SELECT id FROM characters WHERE name LIKE ? ESCAPE '\\' ORDER BY created_at DESC",
          `%${escapeLike(search.trim())}%`,
        )
      : this.library.all<{ id: string }>('SELECT id FROM characters ORDER BY created_at DESC');
    return rows.map((r) => this.character(r.id)).filter((c): c is CharacterView => c !== null);
  }

  character(id: string): CharacterView | null {
    const row = this.library.get<{
      id: string;
      name: string;
      status: 'generating' | 'ready' | 'failed';
      parameters_json: string;
      version: number;
      can_revert: number;
      error_message: string | null;
      created_at: string;
    }>('SELECT id, name, status, parameters_json, version, can_revert, error_message, created_at FROM characters WHERE id = ?', id);
    if (!row) return null;
    const media = new Map<string, string>();
    for (const d of this.library.all<{ role: string; content_id: string }>(
      "SELECT role, content_id FROM downloads WHERE owner_kind = 'character' AND owner_id = ? AND state = 'done'",
      id,
    )) {
      media.set(d.role, d.content_id);
    }
    const versions = this.library
      .all<{ version: number; created_at: string }>(
        'SELECT version, created_at FROM character_versions WHERE character_id = ? ORDER BY version DESC',
        id,
      )
      .map((v) => ({
        version: v.version,
        headshotMediaId: media.get(`headshot@${v.version}`) ?? null,
        fullbodyMediaId: media.get(`fullbody@${v.version}`) ?? null,
        createdAt: v.created_at,
      }));
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      parameters: parseObject(row.parameters_json),
      headshotMediaId: media.get(`headshot@${row.version}`) ?? null,
      fullbodyMediaId: media.get(`fullbody@${row.version}`) ?? null,
      version: row.version,
      canRevert: row.can_revert === 1,
      versions,
      errorMessage: row.error_message,
      createdAt: row.created_at,
      castVoice: this.cast.summary(row.id),
    };
  }

  /** The user's own collections, then one per character (oldest first), each with its item count. */
  collections(): Collection[] {
    const own = this.library
      .all<{ id: string; name: string; n: number }>(
        'SELECT c.id, c.name, (SELECT count(*) FROM collection_items ci WHERE ci.collection_id = c.id) AS n FROM collections c WHERE c.character_id IS NULL ORDER BY c.created_at',
      )
      .map((r) => ({ id: r.id, name: r.name, characterId: null, count: r.n }));
    const characters = this.library
      .all<{ id: string; name: string; n: number }>(
        'SELECT ch.id, ch.name, (SELECT count(*) FROM library_items i WHERE i.character_id = ch.id) AS n FROM characters ch ORDER BY ch.created_at, ch.id',
      )
      .map((r) => ({ id: `${CHARACTER_COLLECTION_PREFIX}${r.id}`, name: r.name, characterId: r.id, count: r.n }));
    return [...own, ...characters];
  }

  stats(): { items: number; bytes: number } {
    const items = this.library.get<{ n: number }>('SELECT count(*) AS n FROM library_items')?.n ?? 0;
    const bytes = this.library.get<{ n: number | null }>('SELECT sum(size) AS n FROM media')?.n ?? 0;
    return { items, bytes };
  }
}

/** A search page walks the date index while it walks fewer rows than this many per match (see search). */
const SCAN_ROWS_PER_MATCH = 20;

/**
 * The WHERE clause of a filter. `membership` is how the search words are tested: 'rowid' lets
 * SQLite start from the matches, 'scan' (the unary plus) keeps it on the ordering index.
 */
function whereOf(filter: LibraryFilter, membership: 'rowid' | 'scan' = 'rowid'): { where: string; params: SqlValue[]; narrowed: boolean } {
  const clauses: string[] = [];
  const params: SqlValue[] = [];
  if (filter.kinds?.length) {
    clauses.push(`i.kind IN (${filter.kinds.map(() => '?').join(', ')})`);
    params.push(...filter.kinds);
  }
  if (filter.statuses?.length) {
    clauses.push(`i.status IN (${filter.statuses.map(() => '?').join(', ')})`);
    params.push(...filter.statuses);
  }
  if (filter.characterId) {
    clauses.push('i.character_id = ?');
    params.push(filter.characterId);
  }
  if (filter.from) {
    clauses.push('i.created_at >= ?');
    params.push(filter.from);
  }
  if (filter.to) {
    clauses.push('i.created_at <= ?');
    params.push(filter.to);
  }
  if (filter.favorites) clauses.push('i.favorite = 1');
  const collectionCharacter = filter.collectionId ? characterOfCollection(filter.collectionId) : null;
  if (collectionCharacter !== null) {
    clauses.push('i.character_id = ?');
    params.push(collectionCharacter);
  } else if (filter.collectionId) {
    clauses.push('i.id IN (SELECT item_id FROM collection_items WHERE collection_id = ?)');
    params.push(filter.collectionId);
  }
  const narrowed = clauses.length > 0;
  const match = filter.search ? ftsQuery(filter.search) : null;
  if (match) {
    clauses.push(`${membership === 'scan' ? '+' : ''}i.seq IN (SELECT rowid FROM library_fts WHERE library_fts MATCH ?)`);
    params.push(match);
  }
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params, narrowed };
}

/** Every word of the search must match the start of a word (prefix search), in any indexed column. */
export function ftsQuery(search: string): string | null {
  const words = search.normalize('NFKC').match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, 12)
    .map((w) => `"${w.replace(/"/g, '""')}"*`)
    .join(' AND ');
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function parseObject(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function toItem(row: ItemRow): LibraryItem {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    title: row.title,
    prompt: row.prompt,
    characterId: row.character_id,
    characterName: row.character_name,
    model: row.model,
    options: parseObject(row.options_json),
    creditsUsed: row.credits_used,
    mediaId: row.media_id,
    thumbId: row.thumb_id,
    mediaType: row.media_type,
    downloaded: row.media_id !== null,
    favorite: row.favorite === 1,
    collections: row.collections ? row.collections.split('\u001f') : [],
    errorMessage: row.error_message,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    remoteUrl: row.remote_url,
  };
}
