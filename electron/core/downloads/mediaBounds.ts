// How big a downloaded file may be, by what it is: a declared length past the bound is refused
// before a byte is written, and a body that runs past the bound (or past what it declared) is cut
// off there. Either way the file fails for good, with a sentence that says why.
import { MEDIA_BYTE_LIMITS, type MediaBoundKind } from '../../../shared/api/limits.ts';
import type { ResourceKind } from '../../../shared/api/common.ts';

/** A download that must not be tried again as it is: its sentence says why, for the creator. */
export class RefusedDownload extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedDownload';
  }
}

const NAMES: Record<MediaBoundKind, string> = {
  image: 'an image',
  portrait: 'a character picture',
  thumbnail: 'a thumbnail',
  voicePreview: 'a voice preview',
  audio: 'a speech track',
  video: 'a video',
};

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
    throw new RefusedDownload(
      `The service’s CDN announced ${size(total)} for this file, more than Cast Studio takes for ${NAMES[this.kind]} (${size(this.bytes)}), so it was not downloaded.`,
    );
  }

  /** Where a body is cut off: the bound, or just past what the answer declared when that is less. */
  cutAt(total: number | null): number {
    return total === null ? this.bytes : Math.min(this.bytes, total);
  }

  /** Why a body was cut off after `received` bytes. */
  cutOff(received: number, total: number | null): RefusedDownload {
    return new RefusedDownload(
      total !== null && total < this.bytes
        ? `The service’s CDN sent more than the ${size(total)} it announced for this file, so the download was stopped and the file not kept.`
        : `The service’s CDN sent more than ${size(this.bytes)} for this file (${size(received)} by then), more than Cast Studio takes for ${NAMES[this.kind]}, so the download was stopped and the file not kept.`,
    );
  }
}

function size(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}
