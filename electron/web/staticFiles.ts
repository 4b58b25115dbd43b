import { readFile, stat } from 'node:fs/promises';
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
export async function resolveStaticFile(root: string, urlPath: string): Promise<{ file: string; size: number } | null> {
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
    return info.isFile() ? { file, size: info.size } : null;
  } catch {
    return null;
  }
}

/** Build files up to this size are kept in memory once read; a larger one is streamed each time. */
const KEPT_FILE_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The build's files, read whole once and then answered from memory. The page's first scripts are
 * asked for all at once while the app starts; one read and one write each cost the host's thread
 * far less than a stream of 64 KB chunks does. Only the hashed assets are kept (a name always holds
 * the same bytes, even across a rebuild); the page itself is read each time. Null: too large to
 * keep, stream it.
 */
export class BuildFiles {
  private readonly kept = new Map<string, Promise<Buffer>>();

  async bytes(file: string, size: number): Promise<Buffer | null> {
    if (size > KEPT_FILE_MAX_BYTES) return null;
    let bytes = this.kept.get(file);
    if (!bytes) {
      bytes = readFile(file);
      this.kept.set(file, bytes);
      // A read that failed is tried again next time rather than kept.
      bytes.catch(() => this.kept.delete(file));
    }
    return bytes;
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
