import type { Browser, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumMissing,
  inspectScreen,
  launchChromium,
  readWireFrame,
  resize,
  SCREEN_SIZES,
  sizeName,
  startStudioHost,
  type StudioHost,
} from '../support/index.ts';
import { StudioApp } from './pages/StudioApp.ts';

/**
 * The page's bridge as it really runs, with one answer spoiled on its way to the page while
 * `spoil` is set: `account.spendByCharacter` answers a row that is not a row, which the credits
 * screen cannot draw. Nothing in the app is changed for the test; only the wire is.
 */
class SpoiledSpend {
  spoil = true;
  /** Replies to account.spendByCharacter that reached the page unspoiled. */
  unspoiled = 0;
  private page: WebSocketRoute | null = null;
  private readonly watched = new Map<number, boolean>();

  route = (page: WebSocketRoute): void => {
    this.page = page;
    const server = page.connectToServer();
    page.onMessage((message) => {
      const frame = readWireFrame(message);
      if (frame?.type === 'invoke' && frame.command === 'account.spendByCharacter' && typeof frame.id === 'number')
        this.watched.set(frame.id, this.spoil);
      server.send(message);
    });
    server.onMessage((message) => {
      const frame = readWireFrame(message);
      const spoiled = frame?.type === 'reply' && typeof frame.id === 'number' ? this.watched.get(frame.id) : undefined;
      if (spoiled === undefined) return page.send(message);
      this.watched.delete(frame?.id ?? -1);
      if (!spoiled) {
        this.unspoiled += 1;
        return page.send(message);
      }
      page.send(JSON.stringify({ type: 'reply', id: frame?.id, reply: { ok: true, value: [null] } }));
    });
  };

  /** An event to the page as the host would send it. */
  tell(event: string, payload: unknown): void {
    this.page?.send(JSON.stringify({ type: 'event', event, payload }));
  }
}

/**
 * A screen that throws while it renders shows a calm panel in its place, with the error's message
 * and "Try again"; the header and the navigation keep working, and "Try again" mounts the screen
 * afresh. The browser host, a real sandbox, real Chromium.
 */
describe.skipIf(chromiumMissing() !== null)('a screen that fails to render', () => {
  const wire = new SpoiledSpend();
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;

  beforeAll(async () => {
    studio = await startStudioHost({ keychain: 'memory' });
    await studio.call('connection.completeOnboarding', {});
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: SCREEN_SIZES[0], bridge: wire.route });
  });
  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  const panel = () => app.page.locator('[data-screen-problem="credits"]');
  // The panel stands where the screen outlet was, so this waits for the panel, not the screen.
  const openCredits = () => app.page.locator('[data-nav="credits"]').click();

  it('shows a panel with the error’s message in place of the screen, and the rest of the app keeps working', async () => {
    await openCredits();
    await panel().waitFor();
    expect(await panel().getByRole('heading').textContent()).toBe('This screen hit a problem');
    expect(await panel().locator('.screen-problem-message').textContent()).toMatch(/reading 'credits'/);
    expect(await app.page.locator('.app-header').isVisible()).toBe(true);
    for (const size of SCREEN_SIZES.slice(0, 2)) {
      await resize(app.page, size);
      expect(await inspectScreen(app.page, `screen-problem-${sizeName(size)}`)).toBe('');
    }

    await app.go('queue');
    await app.page.locator('section.queue-screen').waitFor();
    expect(await panel().count()).toBe(0);
  });

  it('mounts the screen afresh on “Try again” once what broke it is gone', async () => {
    await openCredits();
    await panel().waitFor();

    wire.spoil = false;
    const balance = await app.balance();
    // The screen reads its figures again when credits change; the panel stays until asked.
    wire.tell('credits.changed', { balance });
    await studio.until('an unspoiled spend reply', () => wire.unspoiled > 0 || null);
    expect(await panel().count()).toBe(1);

    await panel().getByRole('button', { name: 'Try again' }).click();
    await app.page.locator('section.credits-screen').waitFor();
    expect(await panel().count()).toBe(0);
  });
});
