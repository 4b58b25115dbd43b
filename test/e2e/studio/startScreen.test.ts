import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_MEASURE, FIRST_SCREEN_WAIT_MS, type FirstScreenEnd } from '../../../renderer/features/gallery/firstScreenPainted.ts';
import { LibraryApp } from '../library/pages/LibraryApp.ts';
import {
  chromiumMissing,
  launchChromium,
  recordFirstImageElement,
  recordLibraryAnswers,
  startStudioHost,
  type StudioHost,
} from '../support/index.ts';

/**
 * In the page, from its first script on: every screen the outlet has shown, in order, when the app
 * first rendered anything (its loading screen), and when the gallery's grid first showed.
 */
function recordScreens(): void {
  const record = window as unknown as { shownScreens: string[]; galleryShownAt: number | null; firstRenderAt: number | null };
  record.shownScreens = [];
  record.galleryShownAt = null;
  record.firstRenderAt = null;
  new MutationObserver(() => {
    if (record.firstRenderAt === null && document.getElementById('root')?.firstChild) record.firstRenderAt = performance.now();
    const screen = document.querySelector('.screen-outlet[data-screen]')?.getAttribute('data-screen');
    if (screen && record.shownScreens.at(-1) !== screen) record.shownScreens.push(screen);
    if (record.galleryShownAt === null && document.querySelector('.gallery-scroller')) record.galleryShownAt = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-screen'] });
}

type Sent = { at: number; command: string; offset?: number };

/** A built file's name without the content hash the build puts in it (8 characters, `-` and `_` among them). */
const withoutHash = (name: string): string => name.replace(/-[\w-]{8}(\.(js|css))$/, '$1');

/**
 * In the page, from its first script on: the commands it sends to core, with the time sent and a
 * library query's offset.
 */
function recordCommands(): void {
  const record = window as unknown as { sentCommands: Sent[] };
  record.sentCommands = [];
  const send = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'send')?.value as (this: WebSocket, data: unknown) => void;
  WebSocket.prototype.send = function (this: WebSocket, data) {
    try {
      const frame = JSON.parse(typeof data === 'string' ? data : '{}') as { command?: string; input?: { offset?: number } };
      if (frame.command) record.sentCommands.push({ at: performance.now(), command: frame.command, offset: frame.input?.offset });
    } catch {
      // Not a command.
    }
    send.call(this, data);
  };
}

/**
 * Quitting in the gallery and opening the app again opens the gallery, with its pictures, and
 * never shows the cast first. A real host and core on one data folder, restarted as quitting and
 * opening the app does; the real renderer in Chromium.
 */
describe.skipIf(chromiumMissing() !== null)('the app opens on the screen it was last on', () => {
  let studio: StudioHost;
  let browser: Browser;

  beforeAll(async () => {
    studio = await startStudioHost({ keychain: 'memory' });
    await studio.call('connection.completeOnboarding', {});
    await studio.generate(await studio.createCharacter('Ines'), 'image', 'Ines reading by the window');
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await studio?.stop();
  });

  const keptScreen = (): unknown =>
    (JSON.parse(readFileSync(join(studio.userDataDir, 'preferences.json'), 'utf8')) as { lastScreen?: unknown }).lastScreen ?? null;

  it('opens the next run on the gallery, straight away, and a page of the same run on the cast', async () => {
    const first = await LibraryApp.open(browser, studio.url);
    await first.go('gallery');
    await studio.until('the gallery kept for the next run', () => (keptScreen() === 'gallery' ? true : null), 10_000);
    await first.go('settings');

    // Another page of this run opens where every page of it opens: on the cast.
    const second = await LibraryApp.open(browser, studio.url);
    await second.page.locator('.screen-outlet[data-screen="studio"]').waitFor();
    await second.context.close();
    await first.context.close();

    await studio.restart();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.addInitScript(recordScreens);
      await page.addInitScript(recordCommands);
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
      });
      await page.goto(studio.url);
      await page.locator('.screen-outlet[data-screen="gallery"]').waitFor({ timeout: 30_000 });
      await page.locator('.gallery-scroller[data-total="2"]').waitFor({ timeout: 30_000 });
      await page.waitForFunction(() => {
        const images = [...document.querySelectorAll<HTMLImageElement>('.gallery-tile img')];
        return images.length === 2 && images.every((img) => img.complete && img.naturalWidth > 0);
      });
      expect(await page.locator('[data-nav="gallery"]').getAttribute('aria-current')).toBe('page');
      // Settings, the last screen of the last run, is not where it opens; nor was the cast shown on the way.
      expect(await page.evaluate(() => (window as unknown as { shownScreens: string[] }).shownScreens)).toEqual(['gallery']);
      // Its code was asked for with the page's first script, named in the page's HTML (the page
      // itself learns where it opens only once that script has run and core has answered)...
      const { sent, code, scripts, firstScriptRan, galleryShownAt, firstRenderAt, sessionAskedAt } = await page.evaluate(() => ({
        sent: (window as unknown as { sentCommands: Sent[] }).sentCommands,
        code: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/GalleryScreen-[^/]*\.(js|css)$/.test(entry.name))
          .map((entry) => ({ name: entry.name.split('/').pop()!, startTime: entry.startTime })),
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js'))
          .map((entry) => ({ name: entry.name.split('/').pop()!, startTime: entry.startTime })),
        firstScriptRan: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventStart,
        galleryShownAt: (window as unknown as { galleryShownAt: number | null }).galleryShownAt,
        firstRenderAt: (window as unknown as { firstRenderAt: number | null }).firstRenderAt,
        sessionAskedAt:
          performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname === '/session')?.startTime ?? null,
      }));
      // The bridge's connection (the launch exchange first) was on its way before the app first
      // rendered: the page asks the host about itself as its code starts, not after its loading screen.
      expect(firstRenderAt).not.toBeNull();
      expect(sessionAskedAt).not.toBeNull();
      expect(sessionAskedAt!).toBeLessThan(firstRenderAt!);
      expect(code.map((entry) => withoutHash(entry.name)).sort()).toEqual(['GalleryScreen.css', 'GalleryScreen.js']);
      for (const entry of code) expect(entry.startTime).toBeLessThan(firstScriptRan);
      // Everything that start ran was three scripts, one wave over the browser's six connections to
      // the host: the first script, the code the screens share, the gallery's own.
      const started = scripts.filter((entry) => entry.startTime < firstScriptRan).map((entry) => withoutHash(entry.name));
      expect(started.sort()).toEqual(['GalleryScreen.js', 'index.js', 'shared.js']);
      // ...and used: nothing preloaded went unused (the browser says so 3 s after the page's load),
      // and nothing was refused.
      await page.waitForTimeout(3_500);
      expect(warnings).toEqual([]);
      // Its first rows were asked for before the screen rendered (not by the screen once it had),
      // and only once: opening on them did not read them again.
      const queries = sent.filter((command) => command.command === 'library.query');
      expect(queries.map((query) => query.offset)).toEqual([0]);
      expect(galleryShownAt).not.toBeNull();
      expect(queries[0]!.at).toBeLessThan(galleryShownAt!);
    } finally {
      await context.close();
    }
  });

  it('asks for the first screen’s pictures with its rows, before the grid has made its tiles, and each once', async () => {
    // The gallery is where the last run was left (the first test).
    await studio.restart();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.addInitScript(recordFirstImageElement);
      // The grid is laid out before the rows answer, as on a quiet machine: the app asks ahead only
      // then (rows that come first are firstScreenPictures.test.ts's held case).
      await page.addInitScript(recordLibraryAnswers, { holdUntilGrid: true });
      const fetched: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/media/')) fetched.push(new URL(request.url()).pathname);
      });
      await page.goto(studio.url);
      await page.waitForFunction(() => {
        const images = [...document.querySelectorAll<HTMLImageElement>('.gallery-tile img')];
        return images.length === 2 && images.every((img) => img.complete && img.naturalWidth > 0);
      });
      const { pictures, firstImageElementAt, shown } = await page.evaluate(() => ({
        pictures: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.name.includes('/media/'))
          .map((entry) => entry.startTime),
        firstImageElementAt: (window as unknown as { firstImageElementAt: number | null }).firstImageElementAt,
        shown: [...document.querySelectorAll<HTMLImageElement>('.gallery-tile img')].map((img) => new URL(img.src).pathname),
      }));
      // Both pictures were on their way before the page made the first of the tiles' <img> elements:
      // asked for as the rows answered, not by the tiles once the grid had rendered them.
      expect(pictures).toHaveLength(2);
      expect(firstImageElementAt).not.toBeNull();
      for (const startTime of pictures) expect(startTime).toBeLessThan(firstImageElementAt!);
      // The tiles show those same answers: each picture crossed the network once.
      expect([...fetched].sort()).toEqual([...shown].sort());
    } finally {
      await context.close();
    }
  });

  it('loads the first screen’s pictures before the reads and the code that screen does not need', async () => {
    // The gallery is where the last run was left (the test above). Its thumbnails are held 300 ms
    // on their way, so that anything not waiting for them is seen going ahead of them.
    await studio.restart();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.addInitScript(recordCommands);
      await page.route(/\/media\//, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.continue();
      });
      await page.goto(studio.url);
      await page.waitForFunction(() => {
        const images = [...document.querySelectorAll<HTMLImageElement>('.gallery-tile img')];
        return images.length === 2 && images.every((img) => img.complete && img.naturalWidth > 0);
      });
      const asked = (command: string) =>
        (window as unknown as { sentCommands: Sent[] }).sentCommands.some((sent) => sent.command === command);
      await page.waitForFunction(asked, 'jobs.list');
      // A fetch is listed once it has ended: wait for all five other screens' chunks, and the
      // gallery's three parts its first screen does not show (features/gallery/galleryParts.ts).
      await page.waitForFunction(
        () =>
          performance
            .getEntriesByType('resource')
            .filter((entry) =>
              /\/((Voices|Queue|Credits|Settings|Scenes)Screen|DetailView|CompareView|DateRangePicker)-[^/]*\.js$/.test(entry.name),
            ).length === 8,
      );
      const { sent, pictures, otherCode, wait } = await page.evaluate((measure) => {
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const waits = performance.getEntriesByName(measure, 'measure') as PerformanceMeasure[];
        return {
          wait: waits.map((entry) => ({
            end: entry.startTime + entry.duration,
            duration: entry.duration,
            endedBy: (entry.detail as { endedBy: FirstScreenEnd }).endedBy,
          })),
          sent: (window as unknown as { sentCommands: Sent[] }).sentCommands,
          pictures: resources.filter((entry) => entry.name.includes('/media/')).map((entry) => entry.responseEnd),
          otherCode: resources
            .filter((entry) =>
              /\/((Voices|Queue|Credits|Settings|Scenes)Screen|DetailView|CompareView|DateRangePicker)-[^/]*\.js$/.test(entry.name),
            )
            .map((entry) => entry.startTime),
        };
      }, FIRST_SCREEN_MEASURE);
      expect(pictures).toHaveLength(2);
      const picturesIn = Math.max(...pictures);
      // Its own rows before them; the account, the cast, the jobs, the other screens' code and the
      // code of the gallery's detail view, compare view and date range field after.
      expect(sent.find((command) => command.command === 'library.query')!.at).toBeLessThan(picturesIn);
      expect(otherCode).toHaveLength(8);
      const waited = [
        ...['account.get', 'characters.list', 'jobs.list', 'settings.get'].map(
          (command) => [command, sent.find((sent) => sent.command === command)?.at] as const,
        ),
        ...otherCode.map((startTime) => ['other code', startTime] as const),
      ];
      // The page waited once for its first screen, and none of that went ahead of the wait's end.
      expect(wait).toHaveLength(1);
      for (const [what, at] of waited) expect(at, what).toBeGreaterThanOrEqual(wait[0]!.end);
      if (wait[0]!.endedBy === 'painted') {
        // The pictures ended it: everything waiting went after they had come in.
        for (const [what, at] of waited) expect(at, what).toBeGreaterThan(picturesIn);
      } else {
        // On a machine too busy to show them within the app's time limit, that limit ended it, and
        // not a moment before (less the page clock's coarsening, a tenth of a millisecond).
        expect(wait[0]!.endedBy).toBe('time limit');
        expect(wait[0]!.duration).toBeGreaterThanOrEqual(FIRST_SCREEN_WAIT_MS - 0.2);
      }
    } finally {
      await context.close();
    }
  });
});
