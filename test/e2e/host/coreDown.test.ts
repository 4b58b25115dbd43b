import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreProcess } from '../../../electron/core/host/coreLink.ts';
import { workerThreadCore } from '../../../electron/core/host/coreWorker.ts';
import {
  chromiumMissing,
  inspectScreen,
  launchChromium,
  resize,
  SCREEN_SIZES,
  sizeName,
  startStudioHost,
  type StudioHost,
} from '../support/index.ts';
import { QueuePage } from '../studio/pages/QueuePage.ts';
import { StudioApp } from '../studio/pages/StudioApp.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Core's worker started as the browser host starts it, except that a restarted core's start frame
 * waits while the test holds it: "starting again" lasts until the test has looked at it.
 */
class HeldRestarts {
  hold = true;
  private readonly spawn = workerThreadCore(silent);
  private readonly waiting: (() => void)[] = [];
  private spawned = 0;

  spawner = (): CoreProcess => {
    const core = this.spawn();
    this.spawned += 1;
    if (this.spawned === 1 || !this.hold) return core;
    const started = new Promise<void>((resolve) => this.waiting.push(resolve));
    return {
      ...core,
      port: {
        post: (frame) => (frame.type === 'start' ? void started.then(() => core.port.post(frame)) : core.port.post(frame)),
        listen: (listener) => core.port.listen(listener),
        close: () => core.port.close(),
      },
    };
  };

  release(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

/** Photographs (and axe-checks) what the page shows at the two laptop sizes, in both themes. */
async function inspectAtLaptopSizes(app: StudioApp, name: string): Promise<string> {
  const reports: string[] = [];
  for (const size of SCREEN_SIZES.slice(0, 2)) {
    await resize(app.page, size);
    reports.push(await inspectScreen(app.page, `${name}-${sizeName(size)}`));
  }
  return reports.filter(Boolean).join('\n');
}

/**
 * Core's worker ends under a page that is open: the page says core is starting again while it
 * does, says nothing once it runs again and keeps working; once core keeps ending, the page says
 * so with what to do. The browser host, a real sandbox, real Chromium.
 */
describe.skipIf(chromiumMissing() !== null)('the page is told when core stops', () => {
  const restarts = new HeldRestarts();
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;
  let characterId: string;

  const told = () =>
    app.received.flatMap((message) => (message.type === 'event' && message.event === 'core.changed' ? [message.payload] : []));
  const crash = () => studio.host.core.probe('crash');

  beforeAll(async () => {
    studio = await startStudioHost({
      keychain: 'memory',
      spawnCore: restarts.spawner,
      probe: new URL('../../integration/host/crashProbe.ts', import.meta.url).href,
    });
    await studio.call('connection.completeOnboarding', {});
    characterId = await studio.createCharacter('Mira');
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: SCREEN_SIZES[0] });
  });
  afterAll(async () => {
    restarts.release();
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  it('says core is starting again while it does, then nothing, and the page still answers', async () => {
    const banner = app.page.locator('.bridge-banner[data-core-state="restarting"]');
    await crash();
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.textContent()).toBe('Cast Studio’s core stopped unexpectedly. Starting it again… Your queued work is safe.');
    expect(await banner.getAttribute('role')).toBe('status');
    expect(await app.page.getByTestId('connection-words').textContent()).toBe('connecting…');
    expect(await inspectAtLaptopSizes(app, 'core-restarting')).toBe('');

    restarts.release();
    await app.waitForEvent('core.changed', (payload) => payload.state === 'running');
    await app.page.locator('.bridge-banner').waitFor({ state: 'detached' });
    expect(told().map((payload) => (payload as { state: string }).state)).toEqual(['restarting', 'running']);
    await app.page
      .getByTestId('connection-words')
      .filter({ hasText: /^online$/ })
      .waitFor({ timeout: 30_000 });

    // The restarted core answers the page: a job queued now shows in the queue it reads.
    await studio.call('jobs.pause', {});
    const job = await studio.queueImage(characterId, 'Mira after the restart');
    await app.go('queue');
    await new QueuePage(app.page).job(job.id).waitFor();
  });

  it('says core was not started again, and what to do, once it keeps stopping', async () => {
    restarts.hold = false;
    for (const running of [2, 3]) {
      await crash();
      await studio.until(
        `core running again (${running})`,
        () => told().filter((each) => (each as { state: string }).state === 'running').length >= running || null,
      );
    }
    await crash();
    const banner = app.page.locator('.bridge-banner[data-core-state="stopped"]');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.getAttribute('role')).toBe('alert');
    expect(await app.page.getByTestId('connection-words').textContent()).toBe('not connected');
    expect(await banner.textContent()).toBe(
      'Cast Studio’s core keeps stopping, so it was not started again. Quit Cast Studio and open it again; your queued work is kept.',
    );
    expect(await inspectAtLaptopSizes(app, 'core-stopped')).toBe('');
  });
});
