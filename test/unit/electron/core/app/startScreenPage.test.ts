import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  catalogLinks,
  RENDERER_MANIFEST,
  startScreenLinks,
  startScreenPage,
  type RendererManifest,
} from '../../../../../electron/core/app/startScreenPage.ts';

/** The shape `vite build --mode renderer` writes: the first script, shared chunks, a screen's chunk with its style sheet. */
const MANIFEST: RendererManifest = {
  '_runtime-A.js': { file: 'assets/runtime-A.js', name: 'runtime' },
  '_Button-B.js': { file: 'assets/Button-B.js', name: 'Button', imports: ['_runtime-A.js'] },
  '_Select-C.js': { file: 'assets/Select-C.js', name: 'Select', imports: ['_runtime-A.js', '_Button-B.js'] },
  '_trash-D.js': { file: 'assets/trash-D.js', name: 'trash', imports: ['_Button-B.js'] },
  '_chevron-E.js': { file: 'assets/chevron-E.js', name: 'chevron', imports: ['_trash-D.js'] },
  'features/gallery/GalleryScreen.tsx': {
    file: 'assets/GalleryScreen-F.js',
    name: 'GalleryScreen',
    isDynamicEntry: true,
    imports: ['_runtime-A.js', 'index.html', '_Select-C.js', '_chevron-E.js'],
    css: ['assets/GalleryScreen-G.css'],
  },
  'features/queue/QueueScreen.tsx': { file: 'assets/QueueScreen-H.js', name: 'QueueScreen', isDynamicEntry: true, imports: ['index.html'] },
  'features/studio/StudioScreen.tsx': {
    file: 'assets/StudioScreen-K.js',
    name: 'StudioScreen',
    isDynamicEntry: true,
    imports: ['index.html', '_Button-B.js', '_trash-D.js'],
  },
  'index.html': {
    file: 'assets/index-I.js',
    name: 'index',
    isEntry: true,
    imports: ['_runtime-A.js', '_Button-B.js', '_Select-C.js'],
    dynamicImports: ['i18n/messages/ja.json', 'i18n/messages/ar.json', 'features/gallery/GalleryScreen.tsx'],
    css: ['assets/index-J.css'],
  },
  'i18n/messages/ja.json': { file: 'assets/ja-L.js', name: 'ja', isDynamicEntry: true },
  'i18n/messages/ar.json': { file: 'assets/ar-M.js', name: 'ar', isDynamicEntry: true },
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="./assets/index-I.js"></script>
    <link rel="stylesheet" crossorigin href="./assets/index-J.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function build(manifest: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'cast-build-'));
  dirs.push(dir);
  if (manifest !== null) {
    mkdirSync(dirname(join(dir, RENDERER_MANIFEST)), { recursive: true });
    writeFileSync(join(dir, RENDERER_MANIFEST), manifest);
  }
  return dir;
}

describe('the page names the code of the screen it opens on', () => {
  it('preloads the screen’s chunk, the chunks it needs that the first script does not bring, and its style sheet', () => {
    expect(startScreenLinks(MANIFEST, 'gallery')).toEqual([
      '<link rel="modulepreload" crossorigin href="./assets/GalleryScreen-F.js">',
      '<link rel="modulepreload" crossorigin href="./assets/chevron-E.js">',
      '<link rel="modulepreload" crossorigin href="./assets/trash-D.js">',
      '<link rel="preload" as="style" crossorigin href="./assets/GalleryScreen-G.css">',
    ]);
    expect(startScreenLinks(MANIFEST, 'queue')).toEqual(['<link rel="modulepreload" crossorigin href="./assets/QueueScreen-H.js">']);
  });

  it('adds nothing for a screen the build has no chunk for, or without a manifest', () => {
    expect(startScreenLinks(MANIFEST, 'voices')).toEqual([]);
    expect(startScreenLinks(null, 'gallery')).toEqual([]);
  });

  it('puts the links at the end of the head of the page as built, and leaves the rest as it was', () => {
    const page = startScreenPage(PAGE, build(JSON.stringify(MANIFEST)), 'gallery');
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<script type="module" crossorigin src="./assets/index-I.js"></script>');
    expect(head.indexOf('index-J.css')).toBeLessThan(head.indexOf('GalleryScreen-F.js'));
    expect(head).toContain('\n    <link rel="preload" as="style" crossorigin href="./assets/GalleryScreen-G.css">\n  ');
    expect(
      page.replace(
        / *<link rel="(modulepreload|preload)"[^>]*GalleryScreen[^>]*>\n| *<link rel="modulepreload"[^>]*(trash|chevron)[^>]*>\n/g,
        '',
      ),
    ).toBe(PAGE);
  });

  it('names the cast’s code for a page that opens on the cast (no screen kept)', () => {
    const page = startScreenPage(PAGE, build(JSON.stringify(MANIFEST)), null);
    expect(page).toContain('    <link rel="modulepreload" crossorigin href="./assets/StudioScreen-K.js">\n');
    expect(page).toContain('    <link rel="modulepreload" crossorigin href="./assets/trash-D.js">\n');
    expect(page).not.toContain('GalleryScreen');
  });

  it('serves the page as built when there is nothing to add or the manifest cannot be read', () => {
    expect(startScreenPage(PAGE, build(JSON.stringify(MANIFEST)), 'voices')).toBe(PAGE);
    expect(startScreenPage(PAGE, build(null), 'gallery')).toBe(PAGE);
    expect(startScreenPage(PAGE, build('{"index.html": {"file": '), 'gallery')).toBe(PAGE);
    expect(startScreenPage(PAGE, build('[1, 2]'), 'gallery')).toBe(PAGE);
    expect(startScreenPage('<p>no head</p>', build(JSON.stringify(MANIFEST)), 'gallery')).toBe('<p>no head</p>');
  });
});

describe('the page names the catalog of the language it starts in', () => {
  it('preloads a language’s catalog chunk; none for English, which is in the first script', () => {
    expect(catalogLinks(MANIFEST, 'ja')).toEqual(['<link rel="modulepreload" crossorigin href="./assets/ja-L.js">']);
    expect(catalogLinks(MANIFEST, 'en')).toEqual([]);
    expect(catalogLinks(MANIFEST, 'de')).toEqual([]);
    expect(catalogLinks(null, 'ja')).toEqual([]);
  });

  it('puts the catalog before the screen’s code, and serves English as it did', () => {
    const page = startScreenPage(PAGE, build(JSON.stringify(MANIFEST)), 'queue', 'ar');
    expect(page).toContain(
      '    <link rel="modulepreload" crossorigin href="./assets/ar-M.js">\n    <link rel="modulepreload" crossorigin href="./assets/QueueScreen-H.js">\n  </head>',
    );
    expect(page).not.toContain('ja-L.js');
    expect(startScreenPage(PAGE, build(JSON.stringify(MANIFEST)), 'queue', 'en')).toBe(
      startScreenPage(PAGE, build(JSON.stringify(MANIFEST)), 'queue'),
    );
    expect(startScreenPage(PAGE, build(JSON.stringify(MANIFEST)), 'voices', 'ja')).toContain('ja-L.js');
  });
});
