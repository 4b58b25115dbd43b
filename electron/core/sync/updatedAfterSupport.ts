import type { Generation } from '../../../shared/api/index.ts';
import type { LibraryDatabase } from '../library/libraryDatabase.ts';

/**
 * What this connection's service does with `updated_after` on `GET /v1/generations`. The filter is
 * not in spec 4.2 (a documented decision of our sandbox), so another service may apply it, refuse it
 * (400) or ignore it and answer the whole history. Kept in the profile's library, so a connection
 * learns it once.
 */
export type UpdatedAfterMode = 'unknown' | 'applied' | 'ignored' | 'refused';

const META_KEY = 'service.updated_after';

/** A record this far before the asked `updated_after` proves the filter was not applied (the Date header has one-second resolution). */
const MARGIN_MS = 2_000;

export class UpdatedAfterSupport {
  private readonly library: LibraryDatabase;
  private cached: UpdatedAfterMode | null = null;

  constructor(library: LibraryDatabase) {
    this.library = library;
  }

  get mode(): UpdatedAfterMode {
    if (this.cached === null) {
      const stored = this.library.meta(META_KEY);
      this.cached = stored === 'applied' || stored === 'ignored' || stored === 'refused' ? stored : 'unknown';
    }
    return this.cached;
  }

  /** Whether lists may ask for `updated_after` (not known to be ignored or refused). */
  get usable(): boolean {
    const mode = this.mode;
    return mode === 'unknown' || mode === 'applied';
  }

  remember(mode: Exclude<UpdatedAfterMode, 'unknown'>): void {
    if (this.mode === mode) return;
    this.cached = mode;
    this.library.setMeta(META_KEY, mode);
  }
}

/**
 * Whether a record answered to `updated_after = sinceMs` shows that the filter was ignored: it was
 * finished well before the asked time. Records still in progress prove nothing (spec 2.3 gives no
 * `updated_at`), nor do finished records without `completed_at`.
 */
export function olderThanAsked(record: Generation, sinceMs: number): boolean {
  if (!record.completed_at) return false;
  const at = Date.parse(record.completed_at);
  return !Number.isNaN(at) && at < sinceMs - MARGIN_MS;
}
