/**
 * Where the Electron shell's pages and media come from. The renderer is served from a privileged
 * standard scheme of our own rather than `file:` (whose origin is opaque and which the fuses strip
 * of extra privileges), so "the app's own origin" is one exact string the IPC transport can check.
 */
export const APP_SCHEME = 'castapp';
export const APP_HOST = 'studio';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Library media by content id: `casmedia://media/<id>`. */
export const MEDIA_SCHEME = 'casmedia';
export const MEDIA_HOST = 'media';
export const MEDIA_BASE = `${MEDIA_SCHEME}://${MEDIA_HOST}/`;

/**
 * `scheme://host` of a URL, for any scheme with an authority. WHATWG `URL.origin` is `"null"` for
 * schemes it does not know, which would make every custom-scheme page look alike.
 */
export function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!parsed.host) return null;
  return `${parsed.protocol}//${parsed.host}`;
}
