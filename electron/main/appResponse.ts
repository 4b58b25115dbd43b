import { readFile } from 'node:fs/promises';
import { extname, relative, resolve, sep } from 'node:path';
import { ASSET_TYPE_OF_EXTENSION } from '../../shared/api/mediaTypes.ts';
import type { Screen } from '../../shared/ipc/screens.ts';
import { startScreenPage } from '../core/app/startScreenPage.ts';
import type { CatalogLocale } from '../../shared/i18n/locales.ts';
import { APP_HOST } from './appUrls.ts';

/**
 * The window's Content-Security-Policy: script only from the app's own origin (no inline script,
 * no eval), media from the media scheme, no network connections but the app's own and the media
 * scheme (the waveform fetches audio bytes), no plugins, framing, form posts or <base>. The page
 * talks to main through the preload, not the network.
 */
export function appContentSecurityPolicy(mediaScheme: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    // CSS files only; React's style props are set through CSSOM, which a policy does not restrict.
    "style-src 'self'",
    `img-src 'self' data: blob: ${mediaScheme}:`,
    `media-src 'self' blob: ${mediaScheme}:`,
    "font-src 'self' data:",
    `connect-src 'self' ${mediaScheme}:`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The file of the built renderer that an app URL names, or null; nothing outside `root` ever. */
export function appFileOf(url: string, root: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.includes('\\')) return null;
  const file = resolve(root, `.${path === '/' ? '/index.html' : path}`);
  const inside = relative(root, file);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || resolve(root, inside) !== file) return null;
  return file;
}

/**
 * Serves the built renderer under the app scheme, every response carrying the CSP. The page itself
 * names the code of `startScreen`, the screen it opens on, and the catalog of the language it starts in
 * as preloads (electron/core/app/startScreenPage.ts).
 */
export async function appResponse(
  request: { url: string; method: string },
  root: string,
  csp: string,
  startScreen: Screen | null = null,
  /** Read when the page itself is served (a reload after a change in Settings starts in the new language). */
  catalog: () => CatalogLocale = () => 'en',
): Promise<Response> {
  const headers = { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': csp };
  if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers });
  const file = appFileOf(request.url, root);
  if (!file) return new Response('Not found.', { status: 404, headers });
  try {
    const bytes = file.endsWith('.html')
      ? startScreenPage(await readFile(file, 'utf8'), root, startScreen, catalog())
      : await readFile(file);
    const type = ASSET_TYPE_OF_EXTENSION[extname(file).toLowerCase()] ?? 'application/octet-stream';
    return new Response(request.method === 'HEAD' ? null : bytes, { status: 200, headers: { ...headers, 'Content-Type': type } });
  } catch {
    return new Response('Not found.', { status: 404, headers });
  }
}
