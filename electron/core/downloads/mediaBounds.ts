// How big a downloaded file may be, by what it is: a declared length past the bound is refused
// before a byte is written, and a body that runs past the bound (or past what it declared) is cut
// off there. Either way the file fails for good, with a code that says why (the page words it).
import { MEDIA_BYTE_LIMITS, type MediaBoundKind } from '../../../shared/api/limits.ts';
import type { ResourceKind } from '../../../shared/api/common.ts';
import type { AppError } from '../../../shared/ipc/index.ts';

/** A download that must not be tried again as it is: `error` says why, for the page; the message is the log's. */
export class RefusedDownload extends Error {
  readonly error: AppError;

  constructor(error: AppError) {
    super(`download refused: ${error.code} ${JSON.stringify(error.params)}`);
    this.name = 'RefusedDownload';
    this.error = error;
  }
}

/**
 * What an owner's file is, by its owner's kind and role (and, for a generation's output, the
 * generation's type): the roles are those the resource kinds name (records/resourceKinds.ts).
 * Anything not named gets the largest bound, a video's.
 */
export function mediaKindOf(ownerKind: ResourceKind, role: string, generationType: string | null): MediaBoundKind {
  if (ownerKind === 'character') return 'portrait';
  if (ownerKind === 'voice') return 'voicePreview';
  if (ownerKind === 'audio') return 'audio';
  if (role === 'thumbnail') return 'thumbnail';
  return generationType === 'image' ? 'image' : 'video';
}

/** The most bytes a file of this kind may have, and what to say about a file that has more. */
export class MediaBound {
  readonly kind: MediaBoundKind;
  readonly bytes: number;

  constructor(kind: MediaBoundKind, bytes: number = MEDIA_BYTE_LIMITS[kind]) {
    this.kind = kind;
    this.bytes = bytes;
  }

  /** Refuses a file announced larger than the bound before any of it is read (its body is closed unread). */
  checkDeclared(total: number | null, body: { destroy(): unknown }): void {
    if (total === null || total <= this.bytes) return;
    body.destroy();
    throw this.refusal('announced', total);
  }

  /** Where a body is cut off: the bound, or just past what the answer declared when that is less. */
  cutAt(total: number | null): number {
    return total === null ? this.bytes : Math.min(this.bytes, total);
  }

  /** Why a body was cut off after `received` bytes. */
  cutOff(received: number, total: number | null): RefusedDownload {
    return total !== null && total < this.bytes ? this.refusal('more_than_announced', total) : this.refusal('past_limit', received);
  }

  private refusal(why: 'announced' | 'more_than_announced' | 'past_limit', size: number): RefusedDownload {
    return new RefusedDownload({ code: 'download_too_large', params: { why, kind: this.kind, size, limit: this.bytes } });
  }
}
