/** The commit the page was built from, set by the build (vite.config.ts); absent under tests. */
declare const __CAST_BUILD__: string | null | undefined;

export function buildCommit(): string | null {
  return typeof __CAST_BUILD__ === 'string' && __CAST_BUILD__ ? __CAST_BUILD__ : null;
}

/** The browser engine the page runs in, from its user agent (in the desktop app, Electron's). */
export function pageEngine(): string | null {
  const chrome = /Chrome\/([\d.]+)/.exec(navigator.userAgent)?.[1];
  const electron = /Electron\/([\d.]+)/.exec(navigator.userAgent)?.[1];
  const parts = [electron ? `Electron ${electron}` : null, chrome ? `Chromium ${chrome}` : null].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}
