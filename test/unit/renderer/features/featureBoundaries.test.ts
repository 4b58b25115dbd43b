import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const RENDERER = join(ROOT, 'renderer');

/**
 * Imports from one feature into another that are that other feature's own: the studio's character
 * page shows the generate panel beside the character and the voice it speaks with in scenes; the
 * voice lab gives a voice to a character of the cast. Anything several features use belongs in
 * ui/ (components), stores/ (app-wide state) or bridge/ (the way to core) instead.
 */
const ALLOWED_CROSS_FEATURE = new Set([
  'studio -> generate/GeneratePanel.tsx',
  'studio -> scenes/CastVoicePicker.tsx',
  'voices -> scenes/GiveVoiceTo.tsx',
]);

/** The one module that subscribes to core's events and hands them to the stores (docs/ARCHITECTURE.md, "How the code reads"). */
const EVENT_HOME = 'app/bridgeEvents.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Every module specifier a file imports, statically or dynamically, re-exports included. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)) found.push(match[1] ?? '');
  return found;
}

/** `file` (relative to renderer/, posix) importing from another feature, as "feature -> path in it". */
function crossFeatureImports(file: string, source: string): string[] {
  const [top, feature] = file.split('/');
  if (top !== 'features' || !feature) return [];
  return specifiers(source)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => posix.normalize(posix.join(posix.dirname(file), spec)))
    .filter((target) => target.startsWith('features/') && target.split('/')[1] !== feature)
    .map((target) => `${feature} -> ${target.slice('features/'.length)}`);
}

/** Whether `file` takes `listen` from the bridge, i.e. subscribes to core's events itself. */
function subscribesToEvents(source: string): boolean {
  return /import\s*\{[^}]*\blisten\b[^}]*\}\s*from\s*['"][^'"]*bridge\//.test(source);
}

const files = sourceFiles(RENDERER).map((path) => ({
  file: relative(RENDERER, path).split('\\').join('/'),
  source: readFileSync(path, 'utf8'),
}));

describe('renderer feature boundaries', () => {
  it('catches a feature importing another feature, and lets a feature import its own files and ui/', () => {
    const source =
      "import { a } from '../gallery/galleryStore.ts';\nimport { b } from './own.ts';\nimport { C } from '../../ui/Button.tsx';\n";
    expect(crossFeatureImports('features/voices/TrackList.tsx', source)).toEqual(['voices -> gallery/galleryStore.ts']);
    expect(crossFeatureImports('features/gallery/x/deep.ts', "export { a } from '../../voices/voicesStore.ts';\n")).toEqual([
      'gallery -> voices/voicesStore.ts',
    ]);
    expect(crossFeatureImports('app/App.tsx', "import { a } from '../features/gallery/GalleryScreen.tsx';\n")).toEqual([]);
  });

  it('has no feature importing another feature outside the allow-list', () => {
    const found = files.flatMap(({ file, source }) => crossFeatureImports(file, source));
    expect(found.filter((each) => !ALLOWED_CROSS_FEATURE.has(each))).toEqual([]);
    // An entry nobody needs any more goes too, so the list never grows stale.
    expect([...ALLOWED_CROSS_FEATURE].filter((allowed) => !found.includes(allowed))).toEqual([]);
  });

  it('subscribes to core events in one module only', () => {
    expect(subscribesToEvents("import { invoke, listen } from '../../bridge/index.ts';\n")).toBe(true);
    expect(subscribesToEvents("import { invoke } from '../../bridge/invoke.ts';\n")).toBe(false);
    const subscribers = files.filter(({ source }) => subscribesToEvents(source)).map(({ file }) => file);
    expect(subscribers).toEqual([EVENT_HOME]);
  });

  it('reaches core only through bridge/invoke.ts', () => {
    // getBridge() and the preload's window.cast are the transport; everything else calls `invoke`.
    const outside = files
      .filter(({ file, source }) => !file.startsWith('bridge/') && /\bgetBridge\s*\(|window\.cast\?*\.(invoke|on)\b/.test(source))
      .map(({ file }) => file);
    expect(outside).toEqual([]);
  });
});
