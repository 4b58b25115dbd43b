import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryItem } from '../../../shared/ipc/index.ts';
import {
  chromiumMissing,
  inspectAtEverySize,
  launchChromium,
  resize,
  SCREEN_SIZES,
  seedItem,
  seedLibrary,
  sizeName,
  startStudioHost,
  type StudioHost,
} from '../support/index.ts';
import { LibraryApp } from './pages/LibraryApp.ts';

/** Items made today in these shapes, named after their shape so the page can be checked against them. */
const SHAPES = { '9:16': 9 / 16, '16:9': 16 / 9, '1:1': 1, '4:5': 4 / 5, '21:9': 21 / 9, '3:4': 3 / 4 } as const;
const PER_SHAPE = 4;
const HISTORY = 240;

type TileBox = { title: string; width: number; height: number; top: number; left: number };
type RowBox = { tiles: TileBox[]; lastOfGroup: boolean };

/**
 * The gallery as a creator's gallery, end to end: the real renderer in Chromium over the browser
 * host, against the sandbox in fast mode. Items of six aspect ratios lie in justified rows under
 * date headers; the size slider, dragging onto a collection and comparing two videos are done the
 * way a person does them (pointer and keyboard).
 */
describe.skipIf(chromiumMissing() !== null)('the gallery as a creator’s gallery', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: LibraryApp;
  let collectionId: string;
  let videos: LibraryItem[];

  beforeAll(async () => {
    // A video render takes minutes when the machine is busy: wait for it rather than fail.
    studio = await startStudioHost({ patience: { state: 240_000, job: 600_000 } });
    await studio.call('connection.completeOnboarding', {});
    browser = await launchChromium();
    const characterId = await studio.createCharacter('Mira Vale');
    const image = await studio.generate(characterId, 'image', 'Mira on a lighthouse at dawn');
    // A second clip of the same footage under its own prompt: two video items, one real render (two cores).
    const pier = await studio.generate(characterId, 'video', 'Mira walking along the pier');
    const ferry = { ...pier, title: 'Mira waving from the ferry', prompt: 'Mira waving from the ferry' };
    videos = [pier, { ...ferry, id: seedItem(studio, ferry) }];
    // Months of history (one item every half day), then today's items in every shape on top.
    seedLibrary(studio, HISTORY, [image, ...videos]);
    for (const [shape, n] of Object.entries(SHAPES).flatMap(([shape]) => Array.from({ length: PER_SHAPE }, (_, n) => [shape, n] as const)))
      seedItem(studio, { ...image, title: `Shape ${shape} number ${n + 1}`, options: { ...image.options, aspect_ratio: shape } });
    collectionId = (await studio.call('collections.create', { name: 'Moodboard' })).id;
    app = await LibraryApp.open(browser, studio.url, { theme: 'light', viewport: SCREEN_SIZES[1] });
    app.page.setDefaultTimeout(20_000);
    await app.go('gallery');
    await app.page.locator('.gallery-tile:not(.is-loading) img').first().waitFor();
  }, 900_000);

  afterAll(async () => {
    await app?.close();
    await browser?.close();
    await studio?.stop();
  });

  /** The rows in view, each tile's thumbnail box, and whether the row closes its date group. */
  const rowsInView = () =>
    app.page.evaluate((): RowBox[] => {
      const scroller = document.querySelector('.gallery-scroller') as HTMLElement;
      const view = scroller.getBoundingClientRect();
      const rows = [...scroller.querySelectorAll<HTMLElement>('[role="row"]')].sort(
        (a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top,
      );
      return rows.flatMap((row, at) => {
        if (!row.classList.contains('gallery-row')) return [];
        const box = row.getBoundingClientRect();
        if (box.top < view.top || box.bottom > view.bottom) return [];
        const next = rows[at + 1];
        const tiles = [...row.querySelectorAll<HTMLElement>('.gallery-tile')].map((tile) => {
          const thumb = (tile.querySelector('.gallery-thumb') as HTMLElement).getBoundingClientRect();
          const title = tile.querySelector('.gallery-title')?.textContent ?? '';
          return { title, width: thumb.width, height: thumb.height, top: thumb.top, left: thumb.left };
        });
        return [{ tiles, lastOfGroup: !next || next.classList.contains('gallery-group') }];
      });
    });

  const contentWidth = () => app.page.locator('.gallery-spacer').evaluate((element) => element.getBoundingClientRect().width);

  const headersInView = () => app.page.locator('.gallery-group-label').allTextContents();

  it('says how to select once, as a first-run hint put away by Got it or by a selection of several; the grid keeps it as its description', async () => {
    const hint = app.page.getByTestId('selection-hint');
    const help = /^Click to select · Shift-click for a range/;
    expect(await hint.textContent()).toMatch(help);
    expect(await app.grid.evaluate((grid) => document.getElementById(grid.getAttribute('aria-describedby') ?? '')?.textContent)).toMatch(
      help,
    );
    await hint.getByRole('button', { name: 'Got it' }).click();
    await hint.waitFor({ state: 'detached' });
    await app.page.reload();
    await app.waitForReady();
    await app.go('gallery');
    await app.page.locator('.gallery-tile:not(.is-loading) img').first().waitFor();
    expect(await hint.count()).toBe(0);
    expect(await app.grid.evaluate((grid) => document.getElementById(grid.getAttribute('aria-describedby') ?? '')?.textContent)).toMatch(
      help,
    );

    // A new creator who selects several at once has learned it: the hint does not come back.
    await app.page.evaluate(() => localStorage.removeItem('cast.gallery.selectionHintDone'));
    await app.page.reload();
    await app.waitForReady();
    await app.go('gallery');
    await hint.waitFor();
    await app.tiles().nth(0).click();
    expect(await hint.count()).toBe(0);
    await app.page.keyboard.press('Escape');
    await hint.waitFor();
    await app.tiles().nth(0).click();
    await app
      .tiles()
      .nth(2)
      .click({ modifiers: ['Shift'] });
    await app.waitForSelection(3);
    await app.page.keyboard.press('Escape');
    await app.page.getByRole('toolbar', { name: 'Selected items' }).waitFor({ state: 'detached' });
    expect(await hint.count()).toBe(0);
  });

  it('lays items out in justified rows that keep each one’s aspect ratio, at every window size', async () => {
    for (const size of SCREEN_SIZES) {
      await resize(app.page, size);
      await app.page.locator(`.gallery-scroller[data-total]`).waitFor();
      await expect.poll(async () => (await rowsInView()).length, { message: sizeName(size) }).toBeGreaterThan(1);
      const rows = await rowsInView();
      const width = await contentWidth();
      let checked = 0;
      for (const row of rows) {
        for (const tile of row.tiles) {
          const shape = /^Shape (\S+) number/.exec(tile.title)?.[1] as keyof typeof SHAPES | undefined;
          if (!shape) continue;
          const ratio = tile.width / tile.height;
          expect(Math.abs(ratio - SHAPES[shape]) / SHAPES[shape], `${tile.title} at ${sizeName(size)}`).toBeLessThanOrEqual(0.02);
          checked += 1;
        }
        // Every row fills the width exactly, except the last one of a date group.
        const used = row.tiles.reduce((sum, tile) => sum + tile.width, 0) + (row.tiles.length - 1) * 8;
        if (!row.lastOfGroup) expect(Math.abs(used - width), `row width at ${sizeName(size)}`).toBeLessThanOrEqual(2);
        // A row's thumbnails share one height.
        const heights = row.tiles.map((tile) => tile.height);
        expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(1);
      }
      expect(checked, `shaped tiles in view at ${sizeName(size)}`).toBeGreaterThan(3);
    }
    await resize(app.page, SCREEN_SIZES[1]);
  });

  it('groups items under Today, Yesterday, This week and month headers, in order', async () => {
    const page = await studio.call('library.query', { filter: { sort: 'newest' }, offset: 0, limit: 500 });
    const expected = expectedGroups(
      page.items.map((item) => item.createdAt),
      new Date(),
    );
    const seen: string[] = [];
    const scroller = app.page.locator('.gallery-scroller');
    // A scroll's event, and the grid's render of the rows it brings, come with the next frame: the
    // headers are read only after two frames have passed and every tile in view has its data.
    const rowsRendered = async () => {
      await app.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await app.page.waitForFunction(() => document.querySelectorAll('.gallery-tile.is-loading').length === 0, undefined, {
        polling: 'raf',
      });
    };
    for (let step = 0; step < 400; step += 1) {
      for (const label of await headersInView()) if (!seen.includes(label)) seen.push(label);
      const atEnd = await scroller.evaluate((element) => {
        if (element.scrollTop + element.clientHeight >= element.scrollHeight - 1) return true;
        element.scrollTop += element.clientHeight * 0.8;
        return false;
      });
      if (atEnd) break;
      await rowsRendered();
    }
    await rowsRendered();
    for (const label of await headersInView()) if (!seen.includes(label)) seen.push(label);
    expect(seen).toEqual(expected);
    expect(seen[0]).toBe('Today');
    await scroller.evaluate((element) => (element.scrollTop = 0));
  }, 120_000);

  it('puts fewer, bigger tiles in a row as the size slider goes up', async () => {
    const perRow = async () => Math.max(...(await rowsInView()).filter((row) => !row.lastOfGroup).map((row) => row.tiles.length));
    const thumb = app.page.getByTestId('gallery-size').getByRole('slider');
    await thumb.focus();
    await app.page.keyboard.press('Home');
    await expect.poll(() => app.grid.getAttribute('data-row-height')).toBe('120');
    const small = await perRow();
    await app.page.keyboard.press('End');
    await expect.poll(() => app.grid.getAttribute('data-row-height')).toBe('360');
    const large = await perRow();
    expect(small).toBeGreaterThan(large);
    // The size is remembered for the next visit.
    await app.page.reload();
    await app.waitForReady();
    await app.go('gallery');
    await expect.poll(() => app.grid.getAttribute('data-row-height')).toBe('360');
    await app.page.getByTestId('gallery-size').getByRole('slider').focus();
    for (let step = 0; step < 17; step += 1) await app.page.keyboard.press('ArrowLeft');
    await expect.poll(() => app.grid.getAttribute('data-row-height')).toBe('190');
  });

  it('adds a tile to a collection when it is dragged onto it', async () => {
    await app.grid.evaluate((element) => (element.scrollTop = 0));
    const tile = app.tiles().first();
    const title = (await tile.locator('.gallery-title').textContent()) ?? '';
    expect(title).toMatch(/^Shape /);
    const target = app.page.locator('.gallery-collections').getByRole('button', { name: /Moodboard/ });
    await tile.dragTo(target);
    await expect
      .poll(async () =>
        (await studio.call('library.query', { filter: { collectionId, sort: 'newest' }, offset: 0, limit: 10 })).items.map(
          (item) => item.title,
        ),
      )
      .toEqual([title]);
    await expect.poll(() => target.textContent()).toContain('1');
  });

  it('shows quick actions on hover and by keyboard, with names', async () => {
    await app.grid.evaluate((element) => (element.scrollTop = 0));
    await app.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const tile = app.tiles().first();
    await tile.hover();
    const actions = tile.getByRole('group', { name: /^Actions for / });
    await actions.waitFor();
    for (const name of ['Add to favorites', 'Use as reference', 'Run again…', 'Open'])
      await actions.getByRole('button', { name }).waitFor();
    await actions.getByRole('button', { name: 'Add to favorites' }).click();
    await actions.getByRole('button', { name: 'Remove from favorites' }).waitFor();
    await actions.getByRole('button', { name: 'Remove from favorites' }).click();
    await actions.getByRole('button', { name: 'Add to favorites' }).waitFor();
    await app.page.mouse.move(0, 0);
    // Nothing hovered and the focus elsewhere: no tile shows actions, the cursor's first tile neither.
    await app.page.getByTestId('gallery-search').focus();
    await expect.poll(() => app.page.locator('.gallery-tile .tile-actions').count()).toBe(0);
    // The keyboard cursor shows the focused tile's actions, and Tab reaches them from the grid.
    await app.grid.focus();
    await app.page.keyboard.press('ArrowRight');
    await app.page.keyboard.press('Tab');
    expect(await app.page.evaluate(() => document.activeElement?.closest('.gallery-tile')?.classList.contains('is-focused'))).toBe(true);
    expect(await app.page.locator('.gallery-tile .tile-actions').count()).toBe(1);
    // Leaving the grid puts them away.
    await app.page.getByTestId('gallery-search').focus();
    await expect.poll(() => app.page.locator('.gallery-tile .tile-actions').count()).toBe(0);
  });

  it('labels only what is not a picture: a finished image carries no kind badge, a video says Video, both name their kind', async () => {
    await app.grid.evaluate((element) => (element.scrollTop = 0));
    const all = await app.galleryTotal();
    const image = app.tiles().filter({ hasText: 'Shape 21:9 number 1' }).first();
    await image.locator('img').waitFor();
    expect(await image.locator('.badge').count()).toBe(0);
    await app.page.getByRole('gridcell', { name: /^Image Shape 21:9 number 1\b/ }).waitFor();

    await app.search('walking along the pier');
    await app.galleryTotal(1);
    const video = app.tiles().first();
    expect(await video.getAttribute('data-kind')).toBe('video');
    const badge = video.locator('.badge.gallery-kind');
    expect(await badge.isVisible()).toBe(true);
    expect(await badge.textContent()).toBe('Video');
    await app.page.getByRole('gridcell', { name: /^Video Mira walking along the pier\b/ }).waitFor();
    await app.search('');
    await app.galleryTotal(all);
  });

  it('compares two videos side by side and keeps them in step through play and seek', async () => {
    await app.grid.focus();
    await app.page.keyboard.press('Escape');
    // The two video items, found by their own prompts.
    await app.search('waving from the ferry');
    await app.galleryTotal(1);
    await app.tiles().first().click();
    await app.search('walking along the pier');
    await app.galleryTotal(1);
    await app
      .tiles()
      .first()
      .click({ modifiers: ['Control'] });
    await app.waitForSelection(2);
    const toolbar = app.page.getByRole('toolbar', { name: 'Selected items' });
    expect(await inspectAtEverySize(app.page, 'gallery-selection')).toBe('');
    // The selection's actions: into a collection from the menu, then side by side.
    await toolbar.getByRole('button', { name: 'Add to collection' }).click();
    await app.page.getByRole('menu').getByRole('menuitem', { name: 'Moodboard' }).click();
    const inMoodboard = async () =>
      (await studio.call('library.query', { filter: { collectionId, sort: 'newest' }, offset: 0, limit: 50 })).items.map((item) => item.id);
    await expect.poll(inMoodboard).toEqual(expect.arrayContaining(videos.map((video) => video.id)));
    await toolbar.getByRole('button', { name: 'Compare' }).click();
    const view = app.page.locator('[data-testid="compare-view"][open]');
    await view.waitFor();
    const players = view.locator('video[data-testid="compare-player"]');
    await expect.poll(() => players.count()).toBe(2);
    await players.evaluateAll((elements) =>
      Promise.all(
        (elements as HTMLVideoElement[]).map((video) =>
          video.readyState >= 3 ? Promise.resolve() : new Promise((resolve) => video.addEventListener('canplay', resolve, { once: true })),
        ),
      ),
    );
    const times = () => players.evaluateAll((elements) => (elements as HTMLVideoElement[]).map((video) => video.currentTime));
    await view.getByTestId('compare-play').click();
    await expect.poll(async () => Math.min(...(await times())), { timeout: 10_000 }).toBeGreaterThan(0.4);
    const playing = await times();
    expect(Math.abs((playing[0] ?? 0) - (playing[1] ?? 0))).toBeLessThanOrEqual(0.25);
    await view.getByRole('button', { name: 'Pause all' }).click();
    // Seek with the shared scrub bar, by keyboard: to the start, then ten steps of 0.05 s.
    await view.getByTestId('compare-scrub').getByRole('slider').focus();
    await app.page.keyboard.press('Home');
    for (let step = 0; step < 10; step += 1) await app.page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await times()).every((time) => Math.abs(time - 0.5) <= 0.25)).toBe(true);
    const sought = await times();
    expect(Math.abs((sought[0] ?? 0) - (sought[1] ?? 0))).toBeLessThanOrEqual(0.25);
    expect(await inspectAtEverySize(app.page, 'gallery-compare')).toBe('');
    await app.page.keyboard.press('Escape');
    await view.waitFor({ state: 'detached' });
    await app.search('');
  }, 120_000);

  it('is screenshotted at every size in both themes with no serious accessibility finding', async () => {
    await app.page.locator('.gallery-tile:not(.is-loading) img').first().waitFor();
    expect(await inspectAtEverySize(app.page, 'gallery-justified')).toBe('');
    await app.search('lighthouse');
    await app.page.locator('.gallery-prompt mark').first().waitFor();
    expect(await inspectAtEverySize(app.page, 'gallery-search')).toBe('');
    await app.search('');
  }, 120_000);
});

/** The date headers a library with these creation times should show, newest first (computed here on its own). */
function expectedGroups(createdAt: readonly string[], now: Date): string[] {
  const dayNumber = (date: Date) => Math.floor((date.getTime() - date.getTimezoneOffset() * 60_000) / 86_400_000);
  const today = dayNumber(now);
  const monday = today - ((now.getDay() + 6) % 7);
  const labels: string[] = [];
  for (const iso of createdAt) {
    const date = new Date(iso);
    const day = dayNumber(date);
    const label =
      day >= today
        ? 'Today'
        : day === today - 1
          ? 'Yesterday'
          : day >= monday
            ? 'This week'
            : date.toLocaleString('en-US', { month: 'long', ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }) });
    if (labels.at(-1) !== label) labels.push(label);
  }
  return labels;
}
