// Both shells serve library media by content id with byte ranges for video seeking.

/** What a `Range` header asks of a file of `size` bytes. */
export type RangeRequest = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * RFC 9110 section 14: one `bytes=` range, in any of its three forms (`a-b`, `a-`, `-n`). Anything
 * that is not a byte range is ignored and served whole, as the RFC allows; several ranges are served
 * whole too (video elements never ask for them, and a multipart body is not worth its risk here).
 */
export function parseRange(header: string | null | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'full' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    // A suffix range: the last n bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (!Number.isSafeInteger(start) || start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(end) || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}

/** The status and headers a media response carries for `range` (the body is the caller's). */
export function rangeHeaders(range: RangeRequest, size: number, contentType: string): { status: number; headers: Record<string, string> } {
  const common = { 'Accept-Ranges': 'bytes', 'Content-Type': contentType, 'X-Content-Type-Options': 'nosniff' };
  if (range.kind === 'unsatisfiable') {
    return { status: 416, headers: { ...common, 'Content-Range': `bytes */${size}`, 'Content-Length': '0' } };
  }
  if (range.kind === 'partial') {
    return {
      status: 206,
      headers: {
        ...common,
        'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
        'Content-Length': String(range.end - range.start + 1),
      },
    };
  }
  return { status: 200, headers: { ...common, 'Content-Length': String(size) } };
}

/**
 * Library media are named by content id, never by path: letters, digits, `_` and `-` only, so no
 * id can climb out of the media folder or name an absolute path, encoded or not.
 */
export const MEDIA_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export function isMediaId(value: string): boolean {
  return MEDIA_ID_PATTERN.test(value);
}
