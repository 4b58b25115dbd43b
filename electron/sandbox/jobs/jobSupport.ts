import type { Media } from '../media/mediaRenderer.ts';
import type { CdnObject } from '../cdnStore.ts';
import type { Services } from '../services.ts';

/** The stored bytes a CDN URL of ours points at, or null. */
export function mediaAt(s: Services, url: string | null | undefined): Media | null {
  if (!url) return null;
  const object = s.cdn.fromUrl(url);
  return object ? { bytes: s.cdn.read(object), contentType: object.contentType } : null;
}

/** Writes produced media to the CDN (files first; rows are recorded by the caller's transaction). */
export function storeMedia(s: Services, media: Media): CdnObject {
  return s.cdn.put(media.bytes, media.contentType, s.now());
}

export const INJECTED_FAILURE = 'The job failed (injected fault). Your credits were refunded; try again.';
