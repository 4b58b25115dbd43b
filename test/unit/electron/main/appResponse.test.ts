import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appContentSecurityPolicy, appFileOf, appResponse } from '../../../../electron/main/appResponse.ts';
import { APP_ORIGIN, MEDIA_SCHEME } from '../../../../electron/main/appUrls.ts';

describe('the castapp protocol (the built renderer in Electron)', () => {
  let root: string;
  const csp = appContentSecurityPolicy(MEDIA_SCHEME);

  beforeAll(() => {
    const base = mkdtempSync(join(tmpdir(), 'cast-app-'));
    root = join(base, 'renderer');
    mkdirSync(join(root, 'assets'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(base, 'secret.txt'), 'outside');
  });
  afterAll(() => rmSync(join(root, '..'), { recursive: true, force: true }));

  it('serves index.html for / and assets by path, each with the CSP', async () => {
    const page = await appResponse({ url: `${APP_ORIGIN}/`, method: 'GET' }, root, csp);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toBe(csp);
    const script = await appResponse({ url: `${APP_ORIGIN}/assets/app.js`, method: 'GET' }, root, csp);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toBe('console.log(1)');
  });

  it('names the start screen’s code in the page when the build lists it, and serves assets untouched', async () => {
    mkdirSync(join(root, '.vite'), { recursive: true });
    writeFileSync(
      join(root, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/app.js', isEntry: true },
        'features/gallery/GalleryScreen.tsx': { file: 'assets/GalleryScreen-1.js', name: 'GalleryScreen', isDynamicEntry: true },
      }),
    );
    writeFileSync(join(root, 'index.html'), '<!doctype html>\n<head>\n  <title>x</title>\n</head>\n');
    try {
      const page = await appResponse({ url: `${APP_ORIGIN}/`, method: 'GET' }, root, csp, 'gallery');
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toBe(
        '<!doctype html>\n<head>\n  <title>x</title>\n    <link rel="modulepreload" crossorigin href="./assets/GalleryScreen-1.js">\n</head>\n',
      );
      const cast = await appResponse({ url: `${APP_ORIGIN}/`, method: 'GET' }, root, csp, null);
      expect(await cast.text()).toBe('<!doctype html>\n<head>\n  <title>x</title>\n</head>\n');
      const script = await appResponse({ url: `${APP_ORIGIN}/assets/app.js`, method: 'GET' }, root, csp, 'gallery');
      expect(await script.text()).toBe('console.log(1)');
    } finally {
      writeFileSync(join(root, 'index.html'), '<!doctype html><title>x</title>');
      rmSync(join(root, '.vite'), { recursive: true, force: true });
    }
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const url of [
      `${APP_ORIGIN}/../secret.txt`,
      `${APP_ORIGIN}/%2e%2e/secret.txt`,
      `${APP_ORIGIN}/..%2fsecret.txt`,
      `${APP_ORIGIN}/assets/..%5c..%5csecret.txt`,
      'castapp://elsewhere/index.html',
    ]) {
      const file = appFileOf(url, root);
      expect(file === null || file.startsWith(root), url).toBe(true);
      const response = await appResponse({ url, method: 'GET' }, root, csp);
      expect(await response.text(), url).not.toBe('outside');
    }
    expect((await appResponse({ url: `${APP_ORIGIN}/missing.js`, method: 'GET' }, root, csp)).status).toBe(404);
  });

  it('allows scripts only from the app itself: no inline script, no eval', () => {
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['media-src']).toContain(`${MEDIA_SCHEME}:`);
  });

  it('lets the page show and fetch library media (waveforms read the bytes) from the media scheme only', () => {
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    for (const directive of ['img-src', 'media-src', 'connect-src']) expect(directives[directive], directive).toContain(`${MEDIA_SCHEME}:`);
    expect(directives['connect-src']).toEqual(["'self'", `${MEDIA_SCHEME}:`]);
    expect(directives['script-src']).not.toContain(`${MEDIA_SCHEME}:`);
  });
});
