import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { FilePreferences } from '../../electron/core/preferences/preferences.ts';
import type { BrowserHost } from '../../electron/web/browserHost.ts';
import { benchChromiumPath, launchChromium } from '../e2e/support/chromium.ts';
import { ensureRendererBuilt } from '../e2e/support/studioHost.ts';
import { buildCoreBundle } from '../support/coreBundle.ts';
import { MemoryKeychain } from '../support/memoryKeychain.ts';
import { embeddedHost, keepLastScreen, launchAndOpen, thumbnailsPainted } from './gallery.ts';
import { seedMixedGallery } from './support/seedMixedGallery.ts';
import { median, round, type BenchOptions, type Metric } from './support/stats.ts';

/** English, whose catalog is in the first script, then the two languages timed against it. */
const LANGUAGES = ['en', 'ja', 'ar'] as const;
type Language = (typeof LANGUAGES)[number];
/** Paired rounds: on a shared two-core machine seven pairs read from 0.76 to 1.31, so the median is taken of more. */
const LEAST_ROUNDS = 9;
const ITEMS = 10_000;

/**
 * `startup_locale_ratio`: a start in Japanese over the same start in English, both the language
 * chosen in Settings and remembered by the page (as the desktop app's later starts are), from host
 * start to the gallery's first screen of thumbnails painted, on a library of 10,000 items. Each
 * round starts once in each language, the order turning from round to round, so that the machine's
 * load falls on each alike; the figure is the median of the rounds' Japanese ÷ English, and its
 * note gives each round's ratio, their spread, each language's median, Arabic's ratio the same way
 * (its catalog is the largest), and Japanese's measured by the page's own clock, from its
 * navigation to the thumbnails painted: the same start without the host's and the tab's own, which
 * no language changes and which carry most of the noise. It also says when Japanese's catalog
 * arrived against the first script: one asked for only once that script has run arrives well after
 * it (the script's compile and run, then a round trip), one named in the page's head about with it.
 */
export async function benchLocaleStart(options: BenchOptions): Promise<Metric[]> {
  ensureRendererBuilt();
  process.env.CAST_SANDBOX_RENDERER ??= 'placeholder';
  const core = buildCoreBundle();
  const browser = await launchChromium(benchChromiumPath());
  const userDataDir = mkdtempSync(join(tmpdir(), 'cast-bench-locale-'));
  try {
    const start = embeddedHost(userDataDir, new MemoryKeychain(), core.entry);
    const host = await start();
    await host.core.router.handle('connection.completeOnboarding', {});
    await host.stop();
    const seeded = seedMixedGallery(userDataDir, ITEMS);
    options.log(`  locale: seeded ${ITEMS} items in ${round(seeded.seconds, 1)} s`);
    const { times, inPage, catalogAfter } = await alternatingStarts(browser, start, userDataDir, Math.max(LEAST_ROUNDS, options.runs));
    const ja = pairRatios(times, 'ja');
    const ar = pairRatios(times, 'ar');
    const jaInPage = pairRatios(inPage, 'ja');
    const listed = (values: number[], digits: number) => values.map((value) => round(value, digits)).join(', ');
    const medians = LANGUAGES.map((language) => `${language} ${round(median(times[language]), 0)} ms (${listed(times[language], 0)})`);
    const note =
      `median of ${ja.length} rounds' Japanese ÷ English (${listed(ja, 2)}), spread ${spread(ja)}; ` +
      `ratio of the medians ${round(median(times.ja) / median(times.en), 2)}; Arabic ÷ English ${round(median(ar), 2)}, spread ${spread(ar)}; ` +
      `in the page (navigation to painted) Japanese ÷ English ${round(median(jaInPage), 2)}, spread ${spread(jaInPage)}; ` +
      `Japanese's catalog arrived ${round(median(catalogAfter), 0)} ms after the first script (median; ${listed(catalogAfter, 0)}); ` +
      `starts: ${medians.join('; ')}`;
    options.log(`  locale: ${note}`);
    return [{ name: 'startup_locale_ratio', value: round(median(ja), 2), unit: 'ratio', note }];
  } finally {
    await browser.close();
    core.remove();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/**
 * `rounds` starts in each language, one of each per round in an order that turns from round to
 * round; each start's ms from host start to painted thumbnails, by language and round.
 */
async function alternatingStarts(
  browser: Browser,
  start: (onListening: (launchUrl: () => string) => void) => Promise<BrowserHost>,
  userDataDir: string,
  rounds: number,
): Promise<{ times: Record<Language, number[]>; inPage: Record<Language, number[]>; catalogAfter: number[] }> {
  const times: Record<Language, number[]> = { en: [], ja: [], ar: [] };
  const inPage: Record<Language, number[]> = { en: [], ja: [], ar: [] };
  const catalogAfter: number[] = [];
  for (let round = 0; round < rounds; round += 1)
    for (let turn = 0; turn < LANGUAGES.length; turn += 1) {
      const language = LANGUAGES[(round + turn) % LANGUAGES.length]!;
      chooseLanguage(userDataDir, language);
      keepLastScreen(userDataDir, 'gallery');
      const t0 = performance.now();
      const { host, context, page } = await launchAndOpen(browser, start, undefined, (fresh) => rememberInPage(fresh, language));
      try {
        // The page's own clock when they were: from its navigation, without the host's and the tab's start.
        const painted = await page.waitForFunction(thumbnailsPainted, undefined, { timeout: 120_000, polling: 'raf' });
        times[language].push(performance.now() - t0);
        inPage[language].push(Number(await painted.jsonValue()));
        const shown = await page.evaluate(() => document.documentElement.lang);
        if (shown !== language) throw new Error(`A start with ${language} chosen showed ${shown}.`);
        if (language === 'ja') catalogAfter.push(await page.evaluate(catalogAfterFirstScript, language));
      } finally {
        await context.close();
        await host.stop();
      }
    }
  return { times, inPage, catalogAfter };
}

/** In the page: ms from the first script's arrival to `language`'s catalog's (before it: negative). */
function catalogAfterFirstScript(language: string): number {
  const scripts = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const catalog = scripts.find((entry) => new RegExp(`/assets/${language}-[\\w-]+\\.js$`).test(entry.name));
  const first = scripts.find((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name));
  return catalog && first ? catalog.responseEnd - first.responseEnd : NaN;
}

/** Settings' language, as choosing it there keeps it for the next run. */
function chooseLanguage(userDataDir: string, language: Language): void {
  const preferences = new FilePreferences({ cwd: userDataDir });
  preferences.set('settings', { ...preferences.get<object>('settings', {}), language });
}

/** The page's own memory of the choice (renderer/i18n/rememberedChoice.ts), as a window that saw it keeps it. */
async function rememberInPage(context: BrowserContext, language: Language): Promise<void> {
  await context.addInitScript((choice) => {
    if (localStorage.getItem('cast.language') === null) localStorage.setItem('cast.language', choice);
  }, language);
}

/** Each round's start in `language` over that round's start in English. */
function pairRatios(times: Record<Language, number[]>, language: Exclude<Language, 'en'>): number[] {
  return times[language].map((ms, i) => ms / (times.en[i] ?? NaN));
}

/** The lowest and highest of the ratios, and the difference between the middle half's ends. */
function spread(ratios: number[]): string {
  const sorted = [...ratios].sort((a, b) => a - b);
  const quarter = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))] ?? NaN;
  return `${round(sorted[0] ?? NaN, 2)}–${round(sorted.at(-1) ?? NaN, 2)}, middle half ${round(quarter(0.25), 2)}–${round(quarter(0.75), 2)}`;
}
