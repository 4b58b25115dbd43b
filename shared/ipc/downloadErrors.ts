import { z } from 'zod';

const NONE = z.strictObject({});
const count = z.number().int().min(0);
// A host name or address as an answer named it; bounded all the same.
const host = z.string().max(300);

/** What a downloaded file is, as its size bound knows it (shared/api/limits.ts `MediaBoundKind`). */
export const MediaKind = z.enum(['image', 'portrait', 'thumbnail', 'voicePreview', 'audio', 'video']);

/**
 * Why a file could not be brought into the library, in core's own words-to-be: each joins the
 * page's `AppErrorCode` with the parameters its sentence needs (a full disk is `disk_full` with
 * `when: 'download'`). A download row keeps one of these (downloads/storedDownloadError.ts).
 */
export const DOWNLOAD_ERROR_PARAMS = {
  /** The service no longer has the file (404, 410 or 403 from its CDN). */
  download_gone: NONE,
  /**
   * The file could not be downloaded after every attempt: `why` the server could not be reached,
   * answered an HTTP `status`, sent a file that did not match its hash, or something else broke.
   */
  download_failed: z.strictObject({ why: z.enum(['unreachable', 'status', 'damaged', 'other']), status: count.nullable() }),
  /** The file's server redirected it in a way Cast Studio does not follow (`most`: the redirects it follows). */
  download_redirect_refused: z.strictObject({ why: z.enum(['too_many', 'no_address', 'plain_http']), most: count }),
  /**
   * The file is larger than Cast Studio takes for its `kind` (`limit` bytes): the CDN announced
   * `size` bytes, sent more than the `size` it announced, or sent `size` bytes by the time it passed the limit.
   */
  download_too_large: z.strictObject({
    why: z.enum(['announced', 'more_than_announced', 'past_limit']),
    kind: MediaKind,
    size: count,
    limit: count,
  }),
  /** The file's address is one Cast Studio does not fetch media from. */
  download_source_refused: z.discriminatedUnion('why', [
    /** Another host than the connection's CDN. */
    z.strictObject({ why: z.literal('not_cdn'), host, cdnHost: host }),
    /** Neither HTTPS nor HTTP (`scheme` as the address names it). */
    z.strictObject({ why: z.literal('scheme'), scheme: z.string().max(40) }),
    /** A user name or password written in the address. */
    z.strictObject({ why: z.literal('credentials') }),
    /** Plain HTTP on a secure (HTTPS) connection. */
    z.strictObject({ why: z.literal('plain_http'), host }),
    /** A name that leads to this computer or its private network, for a service on the internet. */
    z.strictObject({ why: z.literal('private_address'), host, address: host }),
  ]),
} as const;

export type DownloadErrorCode = keyof typeof DOWNLOAD_ERROR_PARAMS;
