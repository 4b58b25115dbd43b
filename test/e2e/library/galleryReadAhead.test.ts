import type { Browser, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumMissing,
  launchChromium,
  readWireFrame,
  SCREEN_SIZES,
  seedLibrary,
  startStudioHost,
  type StudioHost,
} from '../support/index.ts';
import { LibraryApp } from './pages/LibraryApp.ts';

const SEEDED = 60;

/**
 * The page's bridge as it really runs, watching `library.query`: the asks the page sends and the
 * answers it gets are counted, and while `hold` is set the page's asks wait here, unanswered, as
 * behind a core too busy to answer, until `release`.
 */
class LibraryWire {
  hold = false;
  readonly asked: { offset: number; sort: unknown }[] = [];
  answered = 0;
  private readonly held: (string | Buffer)[] = [];
  private readonly queries = new Set<number>();
  private server: WebSocketRoute | null = null;

  route = (page: WebSocketRoute): void => {
    const server = page.connectToServer();
    this.server = server;
    page.onMessage((message) => {
      const frame = readWireFrame(message);
      if (frame?.type === 'invoke' && frame.command === 'library.query' && typeof frame.id === 'number') {
        const input = frame.input as { offset?: number; filter?: { sort?: unknown } } | undefined;
        this.asked.push({ offset: input?.offset ?? 0, sort: input?.filter?.sort });
        this.queries.add(frame.id);
        if (this.hold) return void this.held.push(message);
      }
      server.send(message);
    });
    server.onMessage((message) => {
      const frame = readWireFrame(message);
      if (frame?.type === 'reply' && typeof frame.id === 'number' && this.queries.delete(frame.id)) this.answered += 1;
      page.send(message);
    });
  };

  /** Sends the asks held back, in their order, and lets later ones through. */
  release(): void {
    this.hold = false;
    for (const message of this.held.splice(0)) this.server?.send(message);
  }
}

/**
 * The library's first page is read while the app starts, so the gallery opens on its rows without
 * waiting for core: here core's answers to the gallery's own asks are held back on the wire, and the
 * gallery still shows its count and its first tiles. The browser host, a real sandbox, real Chromium.
 */
describe.skipIf(chromiumMissing() !== null)('the gallery read ahead while the app starts', () => {
  const wire = new LibraryWire();
  let studio: StudioHost;
  let browser: Browser;
  let app: LibraryApp;
  /** The library's count: the seeded items, the image and the character's own portrait. */
  let total: number;

  beforeAll(async () => {
    studio = await startStudioHost({ keychain: 'memory' });
    await studio.call('connection.completeOnboarding', {});
    const characterId = await studio.createCharacter('Mira Vale');
    const image = await studio.generate(characterId, 'image', 'Mira on a lighthouse at dawn');
    seedLibrary(studio, SEEDED, [image]);
    total = (await studio.call('library.query', { filter: { sort: 'newest' }, offset: 0, limit: 1 })).total;
    browser = await launchChromium();
    app = await LibraryApp.open(browser, studio.url, { theme: 'light', viewport: SCREEN_SIZES[1], bridge: wire.route });
  });
  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  it('opens the gallery on its first page while core’s answers to the gallery are held back', async () => {
    // Before the gallery is opened, the app has asked for its first page once, and had its answer.
    await studio.until('the first page read ahead', () => (wire.answered >= 1 ? true : null));
    expect(wire.asked).toEqual([{ offset: 0, sort: 'newest' }]);
    expect(await app.page.locator('.gallery-screen').count()).toBe(0);

    wire.hold = true;
    await app.page.locator('[data-nav="gallery"]').click();
    // The count and the newest tiles, with no answer from core since the click.
    await app.galleryTotal(total);
    await app.tiles().first().waitFor();
    expect(await app.page.locator('.gallery-count').textContent()).toBe(`${total} items`);
    expect(await app.tiles().count()).toBeGreaterThan(4);
    expect(await app.page.locator('.gallery-tile.is-loading').count()).toBe(0);
    // Opening the gallery reads its page again, as on any return to it; that ask is the one held.
    expect(wire.asked.length).toBeGreaterThan(1);
    expect(wire.answered).toBe(1);

    wire.release();
    await studio.until('the gallery’s own read answered', () => (wire.answered >= 2 ? true : null));
    await app.galleryTotal(total);
  });

  it('draws the real pickers after its first frame, and they work', async () => {
    await app.page.locator('.gallery-choices-at-rest').waitFor({ state: 'detached' });
    const before = wire.asked.length;
    await app.chooseFilter('Sort', 'Oldest first');
    await studio.until('a query sorted oldest first', () => (wire.asked.slice(before).some((ask) => ask.sort === 'oldest') ? true : null));
    await app.galleryTotal(total);
    await app.expectAccessible('The gallery after its pickers are drawn');
  });
});
