import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogLocale } from '../../../shared/i18n/locales.ts';
import type { Screen } from '../../../shared/ipc/screens.ts';

/** A chunk of the renderer's build as `vite build --mode renderer` lists it in its manifest. */
type ManifestChunk = {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

export type RendererManifest = Record<string, ManifestChunk>;

/** Where the renderer's build keeps its manifest (vite.config.ts turns it on). */
export const RENDERER_MANIFEST = join('.vite', 'manifest.json');

/**
 * The page's HTML, naming the code of the screen it opens on beside its first script.
 *
 * Every screen is a chunk of its own (renderer/app/lazyScreens.ts). The page learns which screen it
 * opens on from core's `app.info`, which it can ask only once its first script has run and its
 * bridge is up: a page opening on the gallery fetched the gallery's code 250–300 ms into its start,
 * and then compiled it, while nothing else was left to do. The shell knows that screen before the
 * page asks for its HTML (from the preferences as they were when the run began, the same value core
 * answers with; null is the cast), so the HTML it serves lists the screen's code and style sheets
 * as preloads: the browser fetches and compiles them while it fetches the first script. Nothing
 * else changes: the page still opens the screen core names, and a build without a manifest is
 * served as it is.
 *
 * The same for the catalog of the language it starts in (`catalog`, see startLanguage.ts): the page
 * fetched it only once its first script had run, and painted nothing until it had arrived, so a
 * start in any language but English (whose catalog is in the first script) waited for one more
 * round trip and the catalog's compile.
 */
export function startScreenPage(html: string, rendererDir: string, screen: Screen | null, catalog: CatalogLocale = 'en'): string {
  const manifest = readManifest(rendererDir);
  const links = [...catalogLinks(manifest, catalog), ...startScreenLinks(manifest, screen ?? 'studio')];
  const end = html.indexOf('</head>');
  if (links.length === 0 || end < 0) return html;
  // On lines of their own before the line that closes the head, as the build writes its own.
  const at = html.lastIndexOf('\n', end) + 1;
  return `${html.slice(0, at)}${links.map((link) => `    ${link}\n`).join('')}${html.slice(at)}`;
}

/**
 * The preload links for a screen's chunk: its script and every chunk it imports that the first
 * script does not (those are preloaded already), then their style sheets. None for a screen with
 * no chunk of its own in this build, or without a manifest.
 */
export function startScreenLinks(manifest: RendererManifest | null, screen: Screen): string[] {
  if (!manifest) return [];
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const name = `${screen.charAt(0).toUpperCase()}${screen.slice(1)}Screen`;
  const chunk = Object.keys(manifest).find((key) => manifest[key]?.isDynamicEntry && manifest[key].name === name);
  if (!entry || !chunk) return [];
  const first = reachable(manifest, entry);
  const needed = [...reachable(manifest, chunk)].filter((key) => !first.has(key)).flatMap((key) => manifest[key] ?? []);
  // The same attributes as the build's own preloads and the loader's: a preload is used only by a
  // request in the same mode (module scripts and the loader's style sheets are CORS, same origin).
  return [
    ...needed.map((found) => `<link rel="modulepreload" crossorigin href="./${found.file}">`),
    ...needed.flatMap((found) => found.css ?? []).map((css) => `<link rel="preload" as="style" crossorigin href="./${css}">`),
  ];
}

/**
 * The preload link for a language's catalog: its chunk (renderer/i18n/catalogs.ts imports each
 * catalog but English's on its own). None for English, or without a manifest.
 */
export function catalogLinks(manifest: RendererManifest | null, locale: CatalogLocale): string[] {
  const chunk = manifest?.[`i18n/messages/${locale}.json`];
  return chunk?.isDynamicEntry ? [`<link rel="modulepreload" crossorigin href="./${chunk.file}">`] : [];
}

/** The chunk and everything it imports, directly or not: manifest keys. */
function reachable(manifest: RendererManifest, from: string): Set<string> {
  const seen = new Set<string>();
  const next = [from];
  for (let key = next.pop(); key !== undefined; key = next.pop()) {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) continue;
    seen.add(key);
    next.push(...(chunk.imports ?? []));
  }
  return seen;
}

/** The build's manifest, read at each page load (a rebuild beside a running host is then seen); null without one. */
function readManifest(rendererDir: string): RendererManifest | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(rendererDir, RENDERER_MANIFEST), 'utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as RendererManifest) : null;
  } catch {
    return null;
  }
}
