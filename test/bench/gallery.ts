import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { silentLogger } from '../../electron/core/log/logger.ts';
import { FilePreferences } from '../../electron/core/preferences/preferences.ts';
import { startBrowserHost, type BrowserHost } from '../../electron/web/browserHost.ts';
import { benchChromiumPath, launchChromium } from '../e2e/support/chromium.ts';
import { ensureRendererBuilt } from '../e2e/support/studioHost.ts';
import { MemoryKeychain } from '../support/memoryKeychain.ts';
import { createServer, type Server, type Socket } from 'node:net';
import type { SandboxReady } from '../../shared/api/sandboxAdmin.ts';
import { buildCoreBundle } from '../support/coreBundle.ts';
import { buildBareFilter, buildBareScroller, openBarePage, readItems, scrollLayout, type BareItem } from './support/galleryReference.ts';
import { RARE_WORD, seedMixedGallery } from './support/seedMixedGallery.ts';
import { median, percentile, round, type BenchOptions, type Metric } from './support/stats.ts';

export const VIEWPORT = { width: 1360, height: 880 };
/** What a scroll's trace records: the renderer's tasks and what ran in them, images' decoding included. */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'v8', 'loading', 'toplevel'];
const SPEED_PX_S = 3_000;

export type ScrollResult = { intervals: number[]; longFrames: number; ratios: number[]; observer: string; longDetails: string[] };

/**
 * The gallery benchmarks on the built renderer in headless Chromium, through the browser host over
 * core, on libraries seeded with 10,000 and 100,000 items whose real JPEG thumbnails come in seven
 * aspect ratios (test/bench/support/seedMixedGallery.ts), laid out in justified rows: startup to
 * painted thumbnails, the library browsable with the service unreachable, scrolling at about
 * 3,000 px/s (frame intervals, long frames, DOM tiles per visible tile), filter and search latency
 * to the first painted result, and JS heap. Scrolls, filters, searches and starts each print a
 * `_reference` measured in the same run on a bare page (support/galleryReference.ts; the empty page
 * for starts) and their `_ratio` to it.
 */
export async function benchGallery(options: BenchOptions): Promise<Metric[]> {
  ensureRendererBuilt();
  // The embedded sandbox renders nothing here: its placeholder media keep the CPU for the renderer.
  process.env.CAST_SANDBOX_RENDERER ??= 'placeholder';
  // Core runs from its bundle, as the desktop app runs it, not from hundreds of TypeScript sources.
  const core = buildCoreBundle();
  const coreEntry = core.entry;
  const browser = await launchChromium(benchChromiumPath());
  const metrics: Metric[] = [];
  try {
    const sizes = options.quick ? [10_000] : [10_000, 100_000];
    for (const size of sizes) metrics.push(...(await benchSize(browser, coreEntry, size, size === sizes.at(-1), options)));
  } finally {
    await browser.close();
    core.remove();
  }
  return metrics;
}

async function benchSize(browser: Browser, coreEntry: URL, size: number, full: boolean, options: BenchOptions): Promise<Metric[]> {
  const tag = size >= 100_000 ? '100k' : '10k';
  const userDataDir = mkdtempSync(join(tmpdir(), `cast-bench-gallery-${tag}-`));
  const keychain = new MemoryKeychain();
  const start = embeddedHost(userDataDir, keychain, coreEntry);
  let host: BrowserHost | null = null;
  let context: BrowserContext | null = null;
  try {
    // First run: the sandbox profile and the onboarding, then the library is seeded with the host stopped.
    host = await start();
    await host.core.router.handle('connection.completeOnboarding', {});
    const ready = host.sandbox();
    await host.stop();
    host = null;
    const seeded = seedMixedGallery(userDataDir, size);
    options.log(`  gallery ${tag}: seeded ${size} items in ${round(seeded.seconds, 1)} s`);
    const items = full ? readItems(userDataDir) : [];

    // startup_interactive_ms: host start → the gallery's first screen of thumbnails painted.
    const startups: number[] = [];
    const metricsBefore: Metric[] = [];
    const startupRuns = full ? Math.max(options.quick ? 1 : 3, options.runs) : 1;
    let page: Page | null = null;
    let blankMs: number | null = null;
    for (let run = 0; run < startupRuns; run += 1) {
      if (host) {
        await context?.close();
        await host.stop();
      }
      const t0 = performance.now();
      ({ host, context, page } = await launchAndOpen(browser, start));
      await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached', timeout: 60_000 });
      await page.locator('[data-nav="gallery"]').click();
      await page.waitForFunction(thumbnailsPainted, undefined, { timeout: 120_000, polling: 'raf' });
      startups.push(performance.now() - t0);
    }
    if (full && ready) {
      // startup_library_interactive_ms: host start → the gallery browsable (its total answered and
      // its first screen of thumbnails painted) with the service unreachable: the sandbox's address
      // is a port that takes connections and never answers, so anything waiting on it never ends.
      await context?.close();
      await host?.stop();
      host = null;
      const silent = await startSilentServer();
      const silentReady: SandboxReady = { ...ready, base_url: silent.url, cdn_url: silent.url };
      const browsable: number[] = [];
      const fromCast: number[] = [];
      const warmProfile: number[] = [];
      try {
        // The app opens on the gallery, where it was left (then, for the second figure, on the cast page).
        for (const [opensOn, times] of [['gallery', browsable] as const, ['cast', fromCast] as const])
          for (let run = 0; run < startupRuns; run += 1) {
            if (host) {
              await context?.close();
              await host.stop();
            }
            keepLastScreen(userDataDir, opensOn);
            const t0 = performance.now();
            ({ host, context, page } = await launchAndOpen(browser, (onListening) =>
              startBrowserHost({ userDataDir, sandbox: { ready: silentReady }, keychain, log: silentLogger, coreEntry, onListening }),
            ));
            await browseGallery(page, size, opensOn);
            times.push(performance.now() - t0);
          }
        await context?.close();
        await host?.stop();
        host = null;
        keepLastScreen(userDataDir, 'gallery');
        // The same start with the profile kept, as the desktop app's later starts are: one context
        // (Chromium's HTTP and code caches) and one port (they are kept per origin) from run to run,
        // a new tab each run. Its first run fills the caches and is not counted.
        const serve = (port: number) => (onListening: (launchUrl: () => string) => void) =>
          startBrowserHost({ userDataDir, sandbox: { ready: silentReady }, keychain, log: silentLogger, coreEntry, onListening, port });
        warmProfile.push(...(await keptProfileStarts(browser, serve(await freePort()), size, startupRuns)));
      } finally {
        await context?.close();
        await host?.stop();
        host = null;
        await silent.close();
      }
      // The floor under that figure on this machine at this load: a fresh context and tab painting an
      // empty page, as each start above opens one; none of the app's own work is in it.
      const blank: number[] = [];
      for (let run = 0; run < startupRuns; run += 1) blank.push(await blankPageMs(browser));
      blankMs = median(blank);
      metricsBefore.push({
        name: 'startup_blank_page_ms',
        value: round(median(blank), 0),
        unit: 'ms',
        note: `a new Chromium context and tab painting an empty page, the part of each start above that is not the app's; median of ${blank.length} (${blank.map((ms) => round(ms, 0)).join(', ')})`,
      });
      metricsBefore.push({
        name: `startup_library_interactive_ms_${tag}`,
        value: round(median(browsable), 0),
        unit: 'ms',
        note: `host start to the gallery browsable, service unreachable, the app opening on the gallery where it was left; median of ${browsable.length} (${browsable.map((ms) => round(ms, 0)).join(', ')})`,
      });
      metricsBefore.push(ratio(`startup_library_interactive_ms_${tag}`, median(browsable), blankMs));
      metricsBefore.push({
        name: `startup_library_interactive_ms_${tag}_from_cast`,
        value: round(median(fromCast), 0),
        unit: 'ms',
        note: `the same start with the app left on the cast page: the gallery's entry clicked once the app is ready; median of ${fromCast.length} (${fromCast.map((ms) => round(ms, 0)).join(', ')})`,
      });
      metricsBefore.push({
        name: `startup_library_interactive_ms_${tag}_kept_profile`,
        value: round(median(warmProfile), 0),
        unit: 'ms',
        note: `the same start with one Chromium profile kept from start to start (its HTTP and code caches, as the desktop app keeps its own), a new tab each time; median of ${warmProfile.length} (${warmProfile.map((ms) => round(ms, 0)).join(', ')})`,
      });
      // Back to the host with its sandbox for the rest.
      host = await start();
      context = await browser.newContext({ viewport: VIEWPORT });
      page = await context.newPage();
      await page.goto(host.launchUrl());
      await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached', timeout: 60_000 });
      await page.locator('[data-nav="gallery"]').click();
      await page.waitForFunction(thumbnailsPainted, undefined, { timeout: 120_000, polling: 'raf' });
    }
    if (!page || !host) throw new Error('no page');
    await page.locator(`.gallery-scroller[data-total="${size}"]`).waitFor({ timeout: 60_000 });
    const metrics: Metric[] = [...metricsBefore];
    if (full)
      metrics.push({
        name: `startup_interactive_ms_${tag}`,
        value: round(median(startups), 0),
        unit: 'ms',
        note: `host start to painted thumbnails, median of ${startups.length}`,
      });
    if (full && blankMs !== null) metrics.push(ratio(`startup_interactive_ms_${tag}`, median(startups), blankMs));

    // Scrolling at ~3,000 px/s: p95 frame interval, frames over 50 ms, DOM tiles ÷ visible tiles.
    const scrollMs = options.quick ? 5_000 : 10_000;
    const scrolls: ScrollResult[] = [];
    // CAST_BENCH_TRACE=<folder> records a Chromium trace of each scroll, to see what a long frame was made of.
    const traceDir = process.env.CAST_BENCH_TRACE;
    for (let run = 0; run < Math.max(options.quick ? 1 : 3, options.runs); run += 1) {
      if (traceDir)
        await browser.startTracing(page, { path: join(traceDir, `scroll-${tag}-${String(run)}.json`), categories: TRACE_CATEGORIES });
      scrolls.push(await page.evaluate(scrollFor, { ms: scrollMs, speed: SPEED_PX_S }));
      if (traceDir) await browser.stopTracing();
    }
    const p95s = scrolls.map((s) => percentile(s.intervals, 95));
    const longFrames = median(scrolls.map((s) => s.longFrames));
    const ratios = scrolls.flatMap((s) => s.ratios);
    const allIntervals = scrolls.flatMap((s) => s.intervals);
    metrics.push({
      name: `gallery_scroll_p95_frame_ms_${tag}`,
      value: round(median(p95s), 1),
      unit: 'ms',
      note: `${scrolls.length} scrolls of ${scrollMs / 1000} s (p95 ${p95s.map((p) => round(p, 1)).join(', ')}), median frame ${round(median(allIntervals), 1)} ms; ${share(allIntervals, 17)} of frames over 17 ms, ${share(allIntervals, 25)} over 25 ms (a frame missed)`,
    });
    options.log(`  gallery ${tag}: the app's scrolls done; the bare page's next`);
    const bare = await bareScrolls(page, scrollMs, scrolls.length);
    const bareP95 = median(bare.map((s) => percentile(s.intervals, 95)));
    metrics.push(...withReference(`gallery_scroll_p95_frame_ms_${tag}`, 'ms', median(p95s), bareP95, 'the same scrolls on a bare page'), {
      name: `gallery_long_frames_${tag}_reference`,
      value: median(bare.map((s) => s.longFrames)),
      unit: 'frames',
      note: `the bare page's (runs ${bare.map((s) => s.longFrames).join(', ')})${longNote(bare)}`,
    });
    metrics.push({
      name: `gallery_long_frames_${tag}`,
      value: longFrames,
      unit: 'frames',
      note: `over 50 ms per ${scrollMs / 1000} s scroll (${scrolls[0]?.observer ?? ''}; runs ${scrolls.map((s) => s.longFrames).join(', ')})${longNote(scrolls)}`,
    });
    if (full)
      metrics.push({
        name: 'gallery_dom_tiles_ratio',
        value: round(median(ratios), 2),
        unit: 'ratio',
        note: `max ${round(Math.max(...ratios), 2)} over ${ratios.length} samples`,
      });

    if (full) {
      // Filter and search: from the change to the first painted result.
      // 60 samples of each in a full run: with 24, the p95 was the second-slowest sample, and one
      // slow change on a shared machine moved it by 10–20 ms from run to run.
      const rounds = options.quick ? 3 : 15;
      const { filters, searches } = await timeChanges(page, rounds);
      options.log(`  gallery ${tag}: the app's filters and searches done; the bare page's next`);
      const reference = await bareChanges(page, items, rounds);
      metrics.push({
        name: `gallery_filter_p95_ms_${tag}`,
        value: round(percentile(filters.filter(Number.isFinite), 95), 0),
        unit: 'ms',
        note: `median ${round(median(filters), 0)} ms, n=${filters.length}, the slowest ${slowest(filters)}`,
      });
      metrics.push({
        name: `gallery_search_p95_ms_${tag}`,
        value: round(percentile(searches.filter(Number.isFinite), 95), 0),
        unit: 'ms',
        note: `median ${round(median(searches), 0)} ms, n=${searches.length}, the slowest ${slowest(searches)}`,
      });
      const p95 = (samples: number[]) => percentile(samples.filter(Number.isFinite), 95);
      const plain = 'the same changes on a bare page, plain JS and DOM';
      metrics.push(
        ...withReference(`gallery_filter_p95_ms_${tag}`, 'ms', p95(filters), p95(reference.filters), plain),
        ...withReference(`gallery_search_p95_ms_${tag}`, 'ms', p95(searches), p95(reference.searches), plain),
      );

      // Heap: at the top, after a long scroll, and back at the top (each after a forced GC).
      const cdp = await page.context().newCDPSession(page);
      const heap = async () => {
        await cdp.send('HeapProfiler.collectGarbage');
        return ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize / 1_048_576;
      };
      await page.evaluate(() => {
        (document.querySelector('.gallery-scroller') as HTMLElement).scrollTop = 0;
      });
      await page.waitForFunction(thumbnailsPainted, undefined, { polling: 'raf', timeout: 60_000 });
      const before = await heap();
      const heapScrollMs = options.quick ? 15_000 : 60_000;
      await page.evaluate(scrollFor, { ms: heapScrollMs, speed: SPEED_PX_S });
      const after = await heap();
      await page.evaluate(() => {
        (document.querySelector('.gallery-scroller') as HTMLElement).scrollTop = 0;
      });
      await page.waitForFunction(thumbnailsPainted, undefined, { polling: 'raf', timeout: 60_000 });
      const back = await heap();
      await cdp.detach();
      metrics.push({
        name: `gallery_heap_mb_${tag}`,
        value: round(after, 1),
        unit: 'MB',
        note: `after ${heapScrollMs / 1000} s of scrolling; ${round(before, 1)} MB before`,
      });
      metrics.push({
        name: `gallery_heap_growth_pct_${tag}`,
        value: round(((back - before) / before) * 100, 1),
        unit: '%',
        note: `back at the top: ${round(back, 1)} MB vs ${round(before, 1)} MB`,
      });
    }
    options.log(`  gallery ${tag}: ${metrics.map((m) => `${m.name}=${m.value}`).join(' ')}`);
    return metrics;
  } finally {
    await context?.close().catch(() => undefined);
    await host?.stop().catch(() => undefined);
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** Starts hosts on one data folder, each with its embedded sandbox in fast mode and core from its bundle. */
export function embeddedHost(
  userDataDir: string,
  keychain: MemoryKeychain,
  coreEntry: URL,
): (onListening?: (launchUrl: () => string) => void) => Promise<BrowserHost> {
  return (onListening) =>
    startBrowserHost({
      userDataDir,
      sandbox: 'embedded',
      sandboxSpeed: 'fast',
      keychain,
      log: silentLogger,
      coreEntry,
      ...(onListening ? { onListening } : {}),
    });
}

/**
 * Starts a host and opens the app in a new browser context the moment the host listens, while
 * core is still starting, as the desktop app opens its window at once and the browser host's
 * `--open` opens the browser: the page's load and core's start overlap. `prepare` readies a new
 * context before its tab opens (what its page finds in storage).
 */
export async function launchAndOpen(
  browser: Browser,
  startHost: (onListening: (launchUrl: () => string) => void) => Promise<BrowserHost>,
  kept?: BrowserContext,
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<{ host: BrowserHost; context: BrowserContext; page: Page }> {
  const tab: { opened: Promise<{ context: BrowserContext; page: Page }> | null } = { opened: null };
  const host = await startHost((launchUrl) => {
    const opened = (async () => {
      const context = kept ?? (await browser.newContext({ viewport: VIEWPORT }));
      if (!kept) await prepare?.(context);
      const page = await context.newPage();
      await page.goto(launchUrl());
      return { context, page };
    })();
    opened.catch(() => undefined);
    tab.opened = opened;
  });
  if (!tab.opened) throw new Error('The host started without calling onListening.');
  return { host, ...(await tab.opened) };
}

/**
 * Starts from host start to the gallery browsable, `runs` times plus one that fills the caches and
 * is not counted, in one context kept throughout: each start's ms.
 */
async function keptProfileStarts(
  browser: Browser,
  serve: (onListening: (launchUrl: () => string) => void) => Promise<BrowserHost>,
  size: number,
  runs: number,
): Promise<number[]> {
  const kept = await browser.newContext({ viewport: VIEWPORT });
  const times: number[] = [];
  try {
    for (let run = 0; run <= runs; run += 1) {
      const t0 = performance.now();
      const { host, page } = await launchAndOpen(browser, serve, kept);
      try {
        await browseGallery(page, size, 'gallery');
        if (run > 0) times.push(performance.now() - t0);
      } finally {
        await page.close();
        await host.stop();
      }
    }
  } finally {
    await kept.close();
  }
  return times;
}

/**
 * On a page that is loading the app: waits until the gallery is browsable (its total of `size`
 * answered and its first screen of thumbnails painted), polled on every frame in the page. The app
 * opens on the screen it was last on: on the gallery nothing is clicked, as a creator clicks
 * nothing; from the cast page the gallery's entry is clicked once the app is ready.
 */
async function browseGallery(page: Page, size: number, opensOn: 'gallery' | 'cast'): Promise<void> {
  if (opensOn === 'cast') {
    await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached', timeout: 60_000 });
    await page.locator('[data-nav="gallery"]').click();
  }
  await page.waitForFunction(thumbnailsPainted, size, { timeout: 60_000, polling: 'raf' });
}

/** Sets the screen the app opens on at its next start, as leaving it there would have. */
export function keepLastScreen(userDataDir: string, screen: 'gallery' | 'cast'): void {
  new FilePreferences({ cwd: userDataDir }).set('lastScreen', screen);
}

/** `<name>_ratio`: ours over the reference, both measured in this run. */
function ratio(name: string, ours: number, reference: number): Metric {
  return { name: `${name}_ratio`, value: round(ours / reference, 2), unit: 'ratio' };
}

/** A figure's `_reference` and its `_ratio`. */
function withReference(name: string, unit: string, ours: number, reference: number, note: string): Metric[] {
  return [{ name: `${name}_reference`, value: round(reference, 1), unit, note }, ratio(name, ours, reference)];
}

/**
 * Kind filters and search words, `rounds` times four of each, each timed from a settled screen (the
 * previous result's thumbnails painted), as a person's next click is.
 */
async function timeChanges(page: Page, rounds: number): Promise<{ filters: number[]; searches: number[] }> {
  const filters: number[] = [];
  const searches: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    for (const kind of ['Video', 'Video', 'Image', 'Image']) {
      await settled(page);
      filters.push(await page.evaluate(timeChange, { action: 'kind' as const, value: kind }));
    }
    for (const word of [RARE_WORD, '', 'harbor', '']) {
      await settled(page);
      searches.push(await page.evaluate(timeChange, { action: 'search' as const, value: word }));
    }
  }
  return { filters, searches };
}

/** The same changes, timed the same way, on a bare page filtering the same items in plain JS (support/galleryReference.ts). */
async function bareChanges(page: Page, items: BareItem[], rounds: number): Promise<{ filters: number[]; searches: number[] }> {
  const src = await page.locator('.gallery-tile img').first().getAttribute('src');
  if (!src) throw new Error('The gallery shows no thumbnail to take its media address from.');
  const screen = await page.locator('.gallery-tile').count();
  const bare = await openBarePage(page.context(), src);
  try {
    await bare.evaluate(buildBareFilter, { items, mediaBase: src.slice(0, src.lastIndexOf('/') + 1), screen });
    return await timeChanges(bare, rounds);
  } finally {
    await bare.close();
  }
}

/** The same scrolls, `runs` times, on a bare page holding the gallery's thumbnails at their places (support/galleryReference.ts). */
async function bareScrolls(page: Page, ms: number, runs: number): Promise<ScrollResult[]> {
  const layout = await page.evaluate(scrollLayout, (SPEED_PX_S * ms) / 1000 + VIEWPORT.height);
  const first = layout.tiles[0];
  if (!first) throw new Error('The gallery showed no thumbnail to lay out a bare page with.');
  const bare = await openBarePage(page.context(), first.src);
  try {
    await bare.evaluate(buildBareScroller, layout);
    const firstScreenLoaded = () => [...document.images].every((img) => img.complete || img.getBoundingClientRect().top > innerHeight);
    await bare.waitForFunction(firstScreenLoaded, undefined, { polling: 'raf', timeout: 60_000 });
    const results: ScrollResult[] = [];
    for (let run = 0; run < runs; run += 1) results.push(await bare.evaluate(scrollFor, { ms, speed: SPEED_PX_S }));
    return results;
  } finally {
    await bare.close();
  }
}

/** The three slowest samples, slowest first, in whole ms. */
function slowest(samples: number[]): string {
  return [...samples]
    .sort((a, b) => b - a)
    .slice(0, 3)
    .map((ms) => round(ms, 0))
    .join(' / ');
}

/** A free port on loopback, for a host that must keep its origin from start to start. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('No port to keep.');
  return address.port;
}

/** A new context and tab, an empty page in it, painted: what Chromium alone costs a start, in ms. */
async function blankPageMs(browser: Browser): Promise<number> {
  const t0 = performance.now();
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.setContent('<!doctype html><title>blank</title><main>Cast Studio</main>');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    return performance.now() - t0;
  } finally {
    await context.close();
  }
}

/** A TCP port that takes connections and never answers: a service that is there and silent. */
async function startSilentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `https://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** No tile waits for its data, every thumbnail in the DOM has loaded, and two more frames have passed. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.gallery-tile.is-loading').length === 0 &&
      [...document.querySelectorAll<HTMLImageElement>('.gallery-tile img')].every((img) => img.complete),
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * In the page: every thumbnail in the scroller's view has loaded and decoded (and the total is
 * `total`, when given). Answers the page's clock then (truthy), else false.
 */
export function thumbnailsPainted(total?: number): number | false {
  const scroller = document.querySelector('.gallery-scroller');
  if (!scroller) return false;
  if (total !== undefined && scroller.getAttribute('data-total') !== String(total)) return false;
  const box = scroller.getBoundingClientRect();
  if (document.querySelectorAll('.gallery-tile.is-loading').length > 0) return false;
  const images = [...scroller.querySelectorAll<HTMLImageElement>('.gallery-tile img')].filter((img) => {
    const r = img.getBoundingClientRect();
    return r.bottom > box.top && r.top < box.bottom;
  });
  return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0) && performance.now();
}

/** In the page: scrolls up and down at `speed` px/s for `ms`, one step per animation frame. */
export function scrollFor(opts: { ms: number; speed: number }): Promise<ScrollResult> {
  const scroller = document.querySelector('.gallery-scroller') as HTMLElement;
  const intervals: number[] = [];
  const ratios: number[] = [];
  let longFrames = 0;
  const longDetails: string[] = [];
  let observer = 'long-animation-frame';
  // Where a long frame's time went (its scripts, then style and layout, then paint). Defined here:
  // only this function's own text reaches the page.
  const describeLongFrame = (entry: PerformanceEntry): string => {
    const frame = entry as PerformanceEntry & {
      renderStart?: number;
      styleAndLayoutStart?: number;
      scripts?: { invoker: string; duration: number; sourceFunctionName: string }[];
    };
    const end = entry.startTime + entry.duration;
    // Scripts by what invoked them (an image's load event, a timer…), with their count and total time.
    const byInvoker = new Map<string, { count: number; ms: number }>();
    for (const script of frame.scripts ?? []) {
      const name = (script.invoker || script.sourceFunctionName || 'script').replace(/^https?:\/\/[^ ]*\//, '');
      const seen = byInvoker.get(name) ?? { count: 0, ms: 0 };
      byInvoker.set(name, { count: seen.count + 1, ms: seen.ms + script.duration });
    }
    const scripts = [...byInvoker]
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, 3)
      .map(([name, { count, ms }]) => `${name} ×${count} ${Math.round(ms)}`);
    const layout = frame.styleAndLayoutStart ? Math.round(end - frame.styleAndLayoutStart) : 0;
    const render = frame.renderStart && frame.styleAndLayoutStart ? Math.round(frame.styleAndLayoutStart - frame.renderStart) : 0;
    const before = frame.renderStart ? Math.round(frame.renderStart - entry.startTime) : 0;
    return `${Math.round(entry.duration)} ms [tasks before rendering ${before}: ${scripts.join(', ') || 'no script'}; rAF/observers ${render}; style+layout+paint ${layout}]`;
  };
  const po = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration <= 50) continue;
      longFrames += 1;
      longDetails.push(describeLongFrame(entry));
    }
  });
  try {
    po.observe({ type: 'long-animation-frame', buffered: false });
  } catch {
    observer = 'longtask';
    po.observe({ type: 'longtask', buffered: false });
  }
  return new Promise((resolve) => {
    let last = -1;
    let started = -1;
    let direction = 1;
    const step = (now: number) => {
      if (last >= 0) intervals.push(now - last);
      else started = now;
      const dt = last >= 0 ? now - last : 16;
      last = now;
      const max = scroller.scrollHeight - scroller.clientHeight;
      let top = scroller.scrollTop + (direction * opts.speed * dt) / 1000;
      if (top >= max) {
        top = max;
        direction = -1;
      } else if (top <= 0) {
        top = 0;
        direction = 1;
      }
      scroller.scrollTop = top;
      if (intervals.length % 15 === 5) {
        const box = scroller.getBoundingClientRect();
        const tiles = [...scroller.querySelectorAll('.gallery-tile')];
        const visible = tiles.filter((t) => {
          const r = t.getBoundingClientRect();
          return r.bottom > box.top && r.top < box.bottom && r.right > box.left && r.left < box.right;
        }).length;
        if (visible > 0) ratios.push(tiles.length / visible);
      }
      if (now - started < opts.ms) requestAnimationFrame(step);
      else {
        // Entries of the last frames arrive asynchronously: give them a moment.
        setTimeout(() => {
          po.disconnect();
          resolve({ intervals, longFrames, ratios, observer, longDetails });
        }, 200);
      }
    };
    requestAnimationFrame(step);
  });
}

/** The share of frame intervals over `ms`, as a percentage. */
function share(intervals: number[], ms: number): string {
  const over = intervals.filter((interval) => interval > ms).length;
  return `${round((100 * over) / Math.max(1, intervals.length), 1)} %`;
}

/** The long frames of every scroll, each with where its time went. */
function longNote(scrolls: ScrollResult[]): string {
  const details = scrolls.flatMap((s) => s.longDetails);
  return details.length > 0 ? `: ${details.join('; ')}` : '';
}

/** In the page: applies a kind filter or a search word and times it to the first painted result. */
function timeChange(opts: { action: 'kind' | 'search'; value: string }): Promise<number> {
  const scroller = () => document.querySelector('.gallery-scroller');
  const before = scroller()?.getAttribute('data-total') ?? null;
  const t0 = performance.now();
  if (opts.action === 'kind') {
    const chip = [...document.querySelectorAll<HTMLButtonElement>('.gallery-kinds button')].find(
      (b) => b.textContent?.trim() === opts.value,
    );
    chip?.click();
  } else {
    const input = document.querySelector<HTMLInputElement>('[data-testid="gallery-search"]')!;
    // React tracks the value through the prototype's setter: set it there so onChange sees the input.
    Reflect.set(HTMLInputElement.prototype, 'value', opts.value, input);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  return new Promise((resolve) => {
    const check = () => {
      const now = performance.now();
      const total = scroller()?.getAttribute('data-total') ?? null;
      const loading = document.querySelectorAll('.gallery-tile.is-loading').length;
      if (total !== null && total !== before && loading === 0) requestAnimationFrame(() => resolve(performance.now() - t0));
      else if (now - t0 > 10_000) resolve(NaN);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}
