import type { ResourceKind } from '../../../shared/api/common.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';

/** The mirror table of each kind's records. */
const TABLE_OF_KIND: { readonly [K in ResourceKind]: string } = {
  character: 'characters',
  generation: 'generations',
  voice: 'voices',
  audio: 'audio_tracks',
};

/** What a job takes from the mirror before it is sent: a finished dependency's record, and when its quote expires. */
export class SendInputsStore {
  private readonly library: LibraryDatabase;

  constructor(library: LibraryDatabase) {
    this.library = library;
  }

  /** The mirrored record of a resource as the service sent it, or null when it is not mirrored. */
  record(kind: ResourceKind, id: string): Record<string, unknown> | null {
    const row = this.library.get<{ raw_json: string }>(`SELECT raw_json FROM ${TABLE_OF_KIND[kind]} WHERE id = ?`, id);
    return row ? (JSON.parse(row.raw_json) as Record<string, unknown>) : null;
  }

  /** When a mirrored quote expires (ms since the epoch), or null for a quote not mirrored. */
  quoteExpiresAt(quoteId: string): number | null {
    const row = this.library.get<{ expires_at: string }>('SELECT expires_at FROM quotes WHERE id = ?', quoteId);
    return row ? Date.parse(row.expires_at) : null;
  }
}
