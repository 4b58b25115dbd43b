/**
 * "Save as" on the browser host is a browser download: `/media/<key>/<id>?download=<file name>`
 * answers with `Content-Disposition: attachment`, so the browser saves the file (asking where,
 * if the creator set it to) instead of showing it. The name is the page's suggestion; only its
 * characters that no file system takes are replaced, and the header carries it RFC 6266 style.
 */
export function downloadDisposition(requestUrl: string | undefined): string | null {
  const query = requestUrl?.split('?')[1];
  if (query === undefined) return null;
  const requested = new URLSearchParams(query).get('download');
  if (requested === null) return null;
  const name = safeFileName(requested);
  // The plain `filename` is the ASCII fallback; `filename*` carries the name as it was given.
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function safeFileName(requested: string): string {
  const cleaned = [...requested]
    .map((char) => (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f ? ' ' : char))
    .join('')
    .replace(/[/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120);
  return cleaned || 'Cast Studio media';
}
