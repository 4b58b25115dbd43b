import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_IDS, type CharacterParametersInput } from '../../../shared/api/index.ts';
import {
  chromiumMissing,
  inspectAtEverySize,
  launchChromium,
  resize,
  SCREEN_SIZES,
  sizeName,
  startStudioHost,
  type StudioHost,
} from '../support/index.ts';
import { CastPage } from './pages/CastPage.ts';
import { CharacterPage } from './pages/CharacterPage.ts';
import { StudioApp } from './pages/StudioApp.ts';

/** More characters than the widest window has columns, so the first row is full at every size; each looks its own. */
const CAST: readonly { name: string; parameters: CharacterParametersInput }[] = [
  { name: 'Mira Vale', parameters: { gender: 'female', age: '20s', eyeColor: 'green', mood: 'happy' } },
  { name: 'Theo Marsh', parameters: { gender: 'male', age: '40s', skinTone: 'dark', mood: 'serious' } },
  { name: 'Ada Quill', parameters: { gender: 'female', age: '60s', skinTone: 'light', mood: 'calm' } },
  { name: 'Bram Holt', parameters: { gender: 'male', age: '30s', eyeColor: 'blue', mood: 'angry' } },
  { name: 'Cleo Dune', parameters: { gender: 'female', age: 'teen', skinTone: 'medium', mood: 'surprised' } },
  { name: 'Iris Fenn', parameters: { gender: 'non-binary', age: '20s', eyeColor: 'brown', mood: 'sad' } },
  { name: 'Juno Reyes', parameters: { gender: 'female', age: '30s', skinTone: 'olive', mood: 'confident' } },
  { name: 'Otto Lark', parameters: { gender: 'male', age: '70s', eyeColor: 'grey', mood: 'happy' } },
];
const NAMES = CAST.map((each) => each.name);
/** A character whose portraits the service failed to make. */
const FAILED = 'Nell Park';
const TWO_VERSIONS = NAMES[0]!;

type CastLayout = { screenLeft: number; screenRight: number; cards: { left: number; right: number; top: number; width: number }[] };

/** Where the content area of the main pane (its width less the screen's padding) and the cards of the first row are. */
function castLayout(page: Page): Promise<CastLayout> {
  return page.evaluate(() => {
    const main = document.getElementById('main')!;
    const style = getComputedStyle(document.querySelector('.cast-screen')!);
    const left = main.getBoundingClientRect().left;
    const cards = [...document.querySelectorAll('.cast-grid > li')].map((item) => item.getBoundingClientRect());
    const firstTop = Math.min(...cards.map((card) => card.top));
    return {
      screenLeft: left + parseFloat(style.paddingLeft),
      screenRight: left + main.clientWidth - parseFloat(style.paddingRight),
      cards: cards.filter((card) => card.top === firstTop).map(({ left, right, top, width }) => ({ left, right, top, width })),
    };
  });
}

/** Each loaded picture's frame against the file's own shape: [frame ratio, file ratio]. */
function frameShapes(page: Page, frames: string): Promise<[number, number][]> {
  return page.$$eval(frames, (elements) =>
    elements.flatMap((frame) => {
      const image = frame.querySelector('img');
      if (!image || image.naturalWidth === 0) return [];
      const box = frame.getBoundingClientRect();
      return [[box.width / box.height, image.naturalWidth / image.naturalHeight] as [number, number]];
    }),
  );
}

async function waitForImages(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (images) => {
      const found = [...document.querySelectorAll<HTMLImageElement>(images)];
      return found.length > 0 && found.every((image) => image.complete && image.naturalWidth > 0);
    },
    selector,
    { timeout: 30_000 },
  );
}

/** Makes a character through core with its quote and waits until it is ready: its id. */
async function createCharacter(studio: StudioHost, name: string, parameters: CharacterParametersInput): Promise<string> {
  const body = { name, parameters: { creationType: 'human' as const, artStyle: 'photorealistic', ...parameters } };
  const price = await studio.call('quotes.price', { operationId: OPERATION_IDS.createCharacter, input: body });
  const id = (await studio.jobDone(await studio.call('characters.create', { body, quoteId: price.quoteId }))).resourceId;
  if (!id) throw new Error('The character job finished without a character id.');
  await studio.until(`${name} to be ready`, async () => (await studio.call('characters.get', { id })).status === 'ready');
  return id;
}

/** Back to the cast from a character's page (a no-op on the cast). */
async function backToCast(page: Page): Promise<void> {
  const back = page.getByRole('button', { name: 'Back to the cast' });
  if (await back.count()) await back.click();
  await page.locator('.cast-screen').waitFor();
}

const activeAction = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-action') ?? null);

/**
 * The cast page and a character's look end to end: the real renderer in Chromium over the browser
 * host's core, against the embedded sandbox, with characters made through the service.
 */
describe.skipIf(chromiumMissing() !== null)('the cast page and the look of a character', () => {
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;
  let cast: CastPage;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    studio = await startStudioHost();
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: { width: 1440, height: 900 } });
    app.page.setDefaultTimeout(15_000);
    cast = app.cast();
    await studio.call('connection.completeOnboarding', {});
    await app.page.locator('dialog[data-dialog="onboarding"][open]').waitFor({ state: 'detached' });
  }, 120_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  it('greets an empty cast with a first-run hint and photographs it', async () => {
    await app.page.getByRole('heading', { name: 'Your cast is empty' }).waitFor();
    expect(await app.page.getByRole('list', { name: 'How a character works' }).getByRole('listitem').count()).toBe(3);
    expect(await inspectAtEverySize(app.page, 'cast-first-run')).toBe('');

    for (const { name, parameters } of CAST) ids.set(name, await createCharacter(studio, name, parameters));
    await studio.setFaults({ failure_rate: { character: 1 } });
    const body = { name: FAILED, parameters: { creationType: 'human' as const, gender: 'female', age: '50s' } };
    const quote = await studio.call('quotes.price', { operationId: OPERATION_IDS.createCharacter, input: body });
    await studio.call('characters.create', { body, quoteId: quote.quoteId });
    await studio.until(`${FAILED} to fail`, async () =>
      (await studio.call('characters.list', {})).some((each) => each.name === FAILED && each.status === 'failed'),
    );
    await studio.setFaults({});

    // A second version of the first character's look, made by the service through the page's Regenerate.
    const character = await cast.open(TWO_VERSIONS);
    await character.waitForStatus('ready');
    await character.regenerate('A green coat');
    await character.waitForVersion(2);
    await backToCast(app.page);
    // The failure's and the regeneration's notices are read; the pictures are what is photographed.
    const notices = app.page.getByRole('button', { name: 'Dismiss notification' });
    while ((await notices.count()) > 0) await notices.first().click();
  }, 240_000);

  it('fills the width with portrait cards at every size, each picture at its own shape', async () => {
    const { page } = app;
    for (const name of NAMES) await cast.waitForStatus(name, 'ready');
    await cast.waitForStatus(FAILED, 'failed');
    // Status only where it matters: a mark on the failed card, none on the ready ones.
    expect(await cast.card(FAILED).locator('[data-mark="failed"]').count()).toBe(1);
    expect(await page.locator('.character-card[data-status="ready"] [data-mark]').count()).toBe(0);
    const problems: string[] = [];
    const report = await inspectAtEverySize(page, 'cast-page', async (size) => {
      await waitForImages(page, '.character-card[data-status="ready"] .character-card-media img');
      const layout = await castLayout(page);
      const width = layout.cards[0]?.width ?? 0;
      const left = Math.min(...layout.cards.map((card) => card.left));
      const right = Math.max(...layout.cards.map((card) => card.right));
      const where = sizeName(size);
      if (layout.cards.length >= NAMES.length) problems.push(`${where}: every card fits one row, the test cannot see the width filled`);
      if (left - layout.screenLeft > 1) problems.push(`${where}: ${left - layout.screenLeft}px empty before the first card`);
      if (layout.screenRight - right >= width)
        problems.push(`${where}: ${layout.screenRight - right}px empty after the cards (a card is ${width}px)`);
      if (width < 220) problems.push(`${where}: cards of ${width}px are not large`);
      for (const [frame, file] of await frameShapes(page, '.character-card-media')) {
        if (Math.abs(frame - file) > 0.02)
          problems.push(`${where}: a card shows a ${file.toFixed(2)} picture in a ${frame.toFixed(2)} frame`);
      }
    });
    expect(problems).toEqual([]);
    expect(report).toBe('');
  }, 180_000);

  it('reaches the quick actions by keyboard, and each does what it says', async () => {
    const { page } = app;
    await resize(page, SCREEN_SIZES[1]);
    await backToCast(page);
    const name = NAMES[1]!;
    const id = ids.get(name)!;
    const actions = page.getByRole('toolbar', { name: `Quick actions for ${name}` });

    // Hidden until wanted: hover or the keyboard on the card shows them.
    expect(await actions.evaluate((element) => getComputedStyle(element).opacity)).toBe('0');
    await cast.card(name).locator('button').focus();
    await page.keyboard.press('Tab');
    expect(await activeAction(page)).toBe('card-generate');
    await expect.poll(() => actions.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    // One Tab stop: the arrows move along the actions.
    await page.keyboard.press('ArrowRight');
    expect(await activeAction(page)).toBe('card-voice');
    await page.keyboard.press('ArrowRight');
    expect(await activeAction(page)).toBe('card-open');

    // Open: the character's page.
    await page.keyboard.press('Enter');
    const character = new CharacterPage(page);
    await page.locator(`section.character-page[data-character-id="${id}"]`).waitFor();
    await page.getByRole('button', { name: 'Back to the cast' }).click();

    // Generate: the page opens with the focus in the generate panel's prompt.
    await cast.card(name).locator('button').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.matches('#generate-form [data-field="prompt"]') === true);
    await page.keyboard.type('On a pier at dawn');
    expect(await character.generate().root.locator('[data-field="prompt"]').inputValue()).toBe('On a pier at dawn');
    await character.generate().setPrompt('');
    await backToCast(page);
    expect(await page.evaluate(() => location.hash)).toBe('');
  }, 60_000);

  it('gives a voice from the card: the page opens at its voice section, with the focus there', async () => {
    const { page } = app;
    await resize(page, SCREEN_SIZES[1]);
    await backToCast(page);
    const name = NAMES[1]!;
    const id = ids.get(name)!;
    await cast.card(name).locator('button').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    expect(await activeAction(page)).toBe('card-voice');
    await page.keyboard.press('Enter');
    await page.locator(`section.character-page[data-character-id="${id}"]`).waitFor();
    expect(await page.evaluate(() => location.hash)).toBe('#voice');
    const voice = page.getByRole('region', { name: 'Voice', exact: true });
    await expect.poll(() => voice.evaluate((section) => section.contains(document.activeElement))).toBe(true);
    const section = await voice.boundingBox();
    expect(section !== null && section.y >= 0 && section.y < SCREEN_SIZES[1].height).toBe(true);
    expect(await page.evaluate(() => scrollY)).toBe(0);
    await backToCast(page);
    expect(await page.evaluate(() => location.hash)).toBe('');
  }, 60_000);

  it('shows the look as a poster, opens a portrait full size, and shows an older version from the strip', async () => {
    const { page } = app;
    await resize(page, SCREEN_SIZES[1]);
    await backToCast(page);
    const id = ids.get(TWO_VERSIONS)!;
    const stored = await studio.call('characters.get', { id });
    const first = stored.versions.find((version) => version.version === 1)!;
    const character = await cast.open(TWO_VERSIONS);
    const current = await character.waitForPortraits();
    expect(current.headshot).toBe(stored.headshotMediaId);
    expect(await character.canRevert()).toBe('true');

    // Both portraits at their own shape, at one height, and large.
    const shapes = await frameShapes(page, '.portrait-frame');
    expect(shapes).toHaveLength(2);
    for (const [frame, file] of shapes) expect(Math.abs(frame - file)).toBeLessThan(0.02);
    const heights = await page.$$eval('.portrait-frame', (frames) => frames.map((frame) => frame.getBoundingClientRect().height));
    expect(Math.abs(heights[0]! - heights[1]!)).toBeLessThan(1);
    expect(heights[0]).toBeGreaterThan(400);

    // A click opens the headshot at full size; Escape brings the focus back.
    await character.root.getByRole('button', { name: `Headshot of ${TWO_VERSIONS}, full size` }).click();
    const viewer = page.locator('dialog[data-dialog="portrait"][open]');
    await waitForImages(page, 'dialog[data-dialog="portrait"] img');
    expect(await viewer.locator('img').getAttribute('data-media-id')).toBe(current.headshot);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // The strip, newest first: the arrow moves to version 1, Enter shows its look.
    const strip = page.getByRole('toolbar', { name: 'Versions of the look' });
    expect(
      await strip.locator('button[data-version]').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-version'))),
    ).toEqual(['2', '1']);
    await strip.locator('button[data-version="2"]').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-version'))).toBe('1');
    await page.keyboard.press('Enter');
    await page.locator('.portraits-section[data-shown-version="1"]').waitFor();
    expect(await character.root.locator('[data-portrait="headshot"]').getAttribute('data-media-id')).toBe(first.headshotMediaId);
    expect(await character.root.locator('[data-portrait="fullbody"]').getAttribute('data-media-id')).toBe(first.fullbodyMediaId);
    await waitForImages(page, '.portrait-frame img');
    expect(await strip.locator('button[data-version="1"]').getAttribute('aria-pressed')).toBe('true');
    // Revert is still there, and the page says which version it shows.
    expect(await character.root.locator('[data-action="revert"]').count()).toBe(1);
    const toTop = async () => {
      await page.locator('#main').evaluate((main) => main.scrollTo({ top: 0 }));
    };
    const report = [
      await inspectAtEverySize(page, 'character-look-older', toTop),
      await inspectAtEverySize(page, 'character-versions', async () => {
        await page.locator('#main').evaluate((main) => main.scrollTo({ top: main.scrollHeight }));
      }),
    ].join('');
    expect(report).toBe('');

    // A click on the current version (or "Back to version 2") shows the current look again.
    await strip.locator('button[data-version="2"]').click();
    await page.locator('.portraits-section[data-shown-version="2"]').waitFor();
    expect(await character.root.locator('[data-portrait="headshot"]').getAttribute('data-media-id')).toBe(current.headshot);
    expect(await inspectAtEverySize(page, 'character-look', toTop)).toBe('');
  }, 180_000);
});
