import { stat } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { ASSET_TYPE_OF_EXTENSION } from '../../shared/api/mediaTypes.ts';

export function contentTypeOf(path: string): string {
  return ASSET_TYPE_OF_EXTENSION[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file under `root` that a URL path names, or null. `/` is index.html; there is no fallback for
 * unknown paths (the renderer routes in memory), so nothing but the build's own files is served.
 * The path is decoded once and must stay inside `root` after resolution: `..`, encoded separators,
 * backslashes, NUL and absolute paths all end here.
 */
export async function resolveStaticFile(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || !decoded.startsWith('/')) return null;
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) return null;
  const wanted = decoded === '/' ? '/index.html' : decoded;
  const file = resolve(root, `.${wanted}`);
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) return null;
  try {
    const info = await stat(file);
    return info.isFile() ? file : null;
  } catch {
    return null;
  }
}

/**
 * The page's Content-Security-Policy: scripts only from the host itself (no inline script, no
 * eval), the bridge socket of this host only, no plugins, no framing, no form posts, no <base>.
 */
export function contentSecurityPolicy(origin: string): string {
  const socket = origin.replace(/^http/, 'ws');
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Style sheets from the host only: the renderer styles through CSS files, and React's style
    // props go through CSSOM (element.style), which a policy does not restrict.
    "style-src 'self'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${socket}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
