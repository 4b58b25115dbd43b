import type { Browser, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENS, type Screen } from '../../../renderer/stores/navigationStore.ts';
import { chromiumMissing, launchChromium, startStudioHost, type StudioHost } from '../support/index.ts';
import { DetailViewPage } from './pages/DetailViewPage.ts';
import { StudioApp } from './pages/StudioApp.ts';

/** The screens not shown at the start of a first run (which opens on the cast, the studio); every screen is a chunk named after its component. */
const LATER_SCREENS = SCREENS.filter((screen) => screen !== 'studio');

function chunkPattern(screen: Screen): RegExp {
  const component = `${screen[0]?.toUpperCase() ?? ''}${screen.slice(1)}Screen`;
  return new RegExp(`/assets/${component}-[\\w-]+\\.js$`);
}

/** Opens the studio in a new context whose page is watched from its first request. */
async function openWatched(
  browser: Browser,
  url: string,
  options: { prepare?: (page: Page) => Promise<unknown>; locale?: string } = {},
): Promise<{ app: StudioApp; scripts: string[] }> {
  const context = await browser.newContext({
    colorScheme: 'light',
    viewport: { width: 1280, height: 800 },
    ...(options.locale ? { locale: options.locale } : {}),
  });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  // Every screen the outlet ever waited for: its chunk was on its way when the screen was asked for.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { screensWaitedFor: seen });
    new MutationObserver(() => {
      const outlet = document.querySelector<HTMLElement>('[data-screen-loading], [data-screen-pending]');
      const waiting = outlet?.dataset.screenLoading ?? outlet?.dataset.screenPending;
      if (waiting && seen.at(-1) !== waiting) seen.push(waiting);
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-screen-loading', 'data-screen-pending'],
    });
  });
  await options.prepare?.(page);
  const app = new StudioApp(context, page, 'light');
  await page.goto(url);
  await app.waitForReady();
  return { app, scripts };
}

async function screensWaitedFor(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { screensWaitedFor: string[] }).screensWaitedFor);
}

/**
 * The first script carries the app's frame only; every screen is its own chunk. The page names the
 * start screen's beside its first script, and every other one is fetched ahead after the first
 * render, so that moving to it later neither fetches nor waits.
 */
describe.skipIf(chromiumMissing() !== null)('screens load as their own chunks', () => {
  let studio: StudioHost;
  let browser: Browser;

  beforeAll(async () => {
    studio = await startStudioHost();
    await studio.call('connection.completeOnboarding', {});
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await studio?.stop();
  });

  it('fetches every screen ahead after the first render, and opens each at once without a fetch', async () => {
    const { app, scripts } = await openWatched(browser, studio.url);
    try {
      await app.page.locator('.screen-outlet[data-screen="studio"]').waitFor();
      // The cast's code was asked for with the first script, before it ran.
      const cast = await app.page.evaluate(() => ({
        asked: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/StudioScreen-[\w-]+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
        firstScriptRan: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventStart,
      }));
      expect(cast.asked).toHaveLength(1);
      expect(cast.asked[0]).toBeLessThan(cast.firstScriptRan);
      await expect
        .poll(() => LATER_SCREENS.filter((screen) => !scripts.some((url) => chunkPattern(screen).test(url))), { timeout: 20_000 })
        .toEqual([]);
      // Every chunk of the page has arrived (the screens' own and what they share) before the first move.
      await app.page.waitForFunction(
        (count) => performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.js')).length >= count,
        new Set(scripts).size,
      );
      await app.page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));

      const fetchedBefore = scripts.length;
      for (const screen of [...LATER_SCREENS, 'studio' as const]) {
        await app.page.locator(`[data-nav="${screen}"]`).click();
        await app.page.locator(`.screen-outlet[data-screen="${screen}"] h1`).first().waitFor();
        expect(await app.page.evaluate(() => document.activeElement?.id)).toBe('main');
      }
      expect(scripts.slice(fetchedBefore)).toEqual([]);
      expect(await screensWaitedFor(app.page)).toEqual([]);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('keeps the current screen while an opened one’s chunk is on its way, then shows it with focus at the top of it', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const { app } = await openWatched(browser, studio.url, {
      prepare: (page) =>
        page.route(chunkPattern('gallery'), async (route: Route) => {
          await released;
          await route.continue();
        }),
    });
    try {
      await app.page.locator('.screen-outlet[data-screen="studio"]').waitFor();
      await app.page.locator('[data-nav="gallery"]').click();
      // The studio stays in place, marked busy, rather than an empty outlet.
      await app.page.locator('.screen-outlet[data-screen="studio"][data-screen-pending="gallery"][aria-busy="true"]').waitFor();
      expect(await app.page.locator('.screen-outlet[data-screen="gallery"]').count()).toBe(0);

      release();
      await app.page.locator('.screen-outlet[data-screen="gallery"] h1').first().waitFor();
      expect(await app.page.locator('.screen-outlet[aria-busy="true"]').count()).toBe(0);
      expect(await app.page.evaluate(() => document.activeElement?.id)).toBe('main');
      expect(await screensWaitedFor(app.page)).toEqual(['gallery']);
      // The filter bar's date range still speaks English: react-aria keeps its en-US strings.
      const range = app.page.getByRole('search').locator('.ui-date-range');
      await range.getByRole('button', { name: 'Calendar' }).waitFor();
      await range.getByRole('spinbutton', { name: /month/i }).first().waitFor();
    } finally {
      release();
      await app.close();
    }
  }, 120_000);

  it('opens a screen whose chunk could not be fetched once the network is back, with Try again', async () => {
    let failing = true;
    const asked: string[] = [];
    const { app } = await openWatched(browser, studio.url, {
      prepare: (page) =>
        page.route(chunkPattern('gallery'), async (route: Route) => {
          asked.push(failing ? 'refused' : 'served');
          await (failing ? route.abort('internetdisconnected') : route.continue());
        }),
    });
    try {
      await app.page.locator('.screen-outlet[data-screen="studio"]').waitFor();
      await app.page.locator('[data-nav="gallery"]').click();
      // The screen's problem panel, in the outlet, while the rest of the app keeps working.
      const problem = app.page.locator('[data-screen-problem="gallery"]');
      await problem.waitFor();
      await problem.getByText('Its part of the app could not be loaded.', { exact: false }).waitFor();
      expect(await app.page.locator('[data-nav="voices"]').isVisible()).toBe(true);
      for (const [width, height] of [
        [1024, 700],
        [1440, 900],
        [1920, 1080],
      ] as const) {
        await app.page.setViewportSize({ width, height });
        await app.screenshot(`screen-chunk-problem-${width}x${height}`);
      }

      failing = false;
      await problem.getByRole('button', { name: 'Try again' }).click();
      await app.page.locator('.screen-outlet[data-screen="gallery"] h1').first().waitFor();
      expect(await app.page.locator('[data-screen-problem]').count()).toBe(0);
      expect(asked.at(-1)).toBe('served');
      expect(asked.filter((each) => each === 'refused').length).toBeGreaterThanOrEqual(1);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('browses a gallery whose detail view’s code could not be fetched, and opens the view with Try again once it can be', async () => {
    await studio.generate(await studio.createCharacter('Odile'), 'image', 'Odile at the ferry rail');
    let failing = true;
    const asked: string[] = [];
    const { app } = await openWatched(browser, studio.url, {
      prepare: (page) =>
        page.route(/\/assets\/DetailView-[\w-]+\.js$/, async (route: Route) => {
          asked.push(failing ? 'refused' : 'served');
          await (failing ? route.abort('internetdisconnected') : route.continue());
        }),
    });
    try {
      await app.page.locator('[data-nav="gallery"]').click();
      const tile = app.page.locator('.gallery-tile:not(.is-loading)').first();
      await tile.waitFor();
      // Fetched ahead once the first screen showed, refused: the gallery browses on, no problem shown.
      await expect.poll(() => asked.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
      await app.page.fill('[data-testid="gallery-search"]', 'ferry');
      await app.page.locator('.gallery-scroller[data-total="1"]').waitFor();
      expect(await app.page.locator('[data-screen-problem]').count()).toBe(0);

      // Opened, the view asks for its code again; refused again, the screen says so and offers Try again.
      await tile.dblclick();
      const problem = app.page.locator('[data-screen-problem="gallery"]');
      await problem.getByText('Its part of the app could not be loaded.', { exact: false }).waitFor();
      failing = false;
      // The item asked for is still the one to open: it opens as soon as its view's code is here.
      await problem.getByRole('button', { name: 'Try again' }).click();
      const detail = new DetailViewPage(app.page);
      await detail.root.waitFor();
      expect(await detail.title()).toMatch(/Odile/);
      await detail.close();
      await tile.dblclick();
      await detail.root.waitFor();
      expect(asked.at(-1)).toBe('served');
      expect(asked.filter((each) => each === 'refused').length).toBeGreaterThanOrEqual(2);
    } finally {
      await app.close();
    }
  }, 180_000);

  it('labels react-aria’s controls in the studio’s language: German for a German browser, English for one it does not speak', async () => {
    // react-aria's own words follow the language the studio shows, never the browser's alone: a language
    // the studio speaks is react-aria's too; one it does not speak leaves both in English.
    const cases = [
      { locale: 'de-DE', calendar: 'Kalender', start: /Startdatum/, end: /Enddatum/ },
      { locale: 'pl-PL', calendar: 'Calendar', start: /Start Date/, end: /End Date/ },
    ];
    for (const { locale, calendar, start, end } of cases) {
      const { app } = await openWatched(browser, studio.url, { locale });
      try {
        expect(await app.page.evaluate(() => navigator.language)).toBe(locale);
        await app.page.locator('[data-nav="gallery"]').click();
        const range = app.page.locator('.screen-outlet[data-screen="gallery"]').getByRole('search').locator('.ui-date-range');
        await range.getByRole('button', { name: calendar }).waitFor();
        expect(await range.getByRole('spinbutton', { name: start }).count()).toBe(3);
        expect(await range.getByRole('spinbutton', { name: end }).count()).toBe(3);
        expect(await app.page.locator('[data-screen-problem]').count()).toBe(0);
      } finally {
        await app.close();
      }
    }
  }, 180_000);

  it('asks for the catalog of the language it starts in with its first script, once, and for none in English', async () => {
    const catalog = /\/assets\/(es|pt-BR|fr|de|ja|zh-CN|ar)-[\w-]+\.js$/;
    const { app, scripts } = await openWatched(browser, studio.url, { locale: 'ja-JP' });
    try {
      await app.page.locator('.screen-outlet[data-screen="studio"]').waitFor();
      expect(await app.page.evaluate(() => document.documentElement.lang)).toBe('ja');
      expect(scripts.filter((url) => catalog.test(url)).map((url) => url.match(catalog)?.[1])).toEqual(['ja']);
      // Named in the page's head, so asked for while the first script was still on its way, not once it had run.
      const timing = await app.page.evaluate(() => {
        const scripts = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        return {
          preloaded: document.head.querySelectorAll('link[rel="modulepreload"][href*="/ja-"]').length,
          catalogAsked: scripts.find((entry) => /\/assets\/ja-[\w-]+\.js$/.test(entry.name))?.startTime,
          firstScriptArrived: scripts.find((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name))?.responseEnd,
        };
      });
      expect(timing.preloaded).toBe(1);
      expect(timing.catalogAsked).toBeLessThan(timing.firstScriptArrived ?? 0);
    } finally {
      await app.close();
    }
    const english = await openWatched(browser, studio.url, { locale: 'en-US' });
    try {
      await english.app.page.locator('.screen-outlet[data-screen="studio"]').waitFor();
      expect(await english.app.page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(english.scripts.filter((url) => catalog.test(url))).toEqual([]);
      expect(await english.app.page.locator('link[rel="modulepreload"][href*="/ja-"]').count()).toBe(0);
    } finally {
      await english.app.close();
    }
  }, 120_000);
});
