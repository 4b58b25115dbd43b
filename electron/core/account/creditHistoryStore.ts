import type { CreditTransaction } from '../../../shared/api/index.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';

type Row = { raw_json: string; created_at: string; id: string };

/** The credit transactions the library keeps (every charge and grant), newest first, in pages. */
export class CreditHistoryStore {
  private readonly library: LibraryDatabase;

  constructor(library: LibraryDatabase) {
    this.library = library;
  }

  /** One page after `cursor` (the last page's `created_at|id`), and the cursor of the next one. */
  page(cursor: string | null, limit: number): { items: CreditTransaction[]; nextCursor: string | null } {
    const [at, id] = (cursor ?? '').split('|');
    const rows = cursor
      ? this.library.all<Row>(
          'SELECT raw_json, created_at, id FROM credit_transactions WHERE (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ?',
          at ?? '',
          id ?? '',
          limit + 1,
        )
      : this.library.all<Row>(
          'SELECT raw_json, created_at, id FROM credit_transactions ORDER BY created_at DESC, id DESC LIMIT ?',
          limit + 1,
        );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((r) => JSON.parse(r.raw_json) as CreditTransaction),
      nextCursor: rows.length > limit && last ? `${last.created_at}|${last.id}` : null,
    };
  }
}
