import type { Browser, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreProcess } from '../../../electron/core/host/coreLink.ts';
import { childProcessCore } from '../../../electron/core/host/coreChild.ts';
import { chromiumMissing, inspectAtEverySize, launchChromium, SCREEN_SIZES, startStudioHost, type StudioHost } from '../support/index.ts';
import { QueuePage } from '../studio/pages/QueuePage.ts';
import { StudioApp } from '../studio/pages/StudioApp.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const STOPPED =
  'Cast Studio’s core keeps stopping, so it was not started again. Start it again, or quit Cast Studio and open it again; your queued work is kept.';

/**
 * Core's process started as the browser host starts it, except that a restarted core's start frame
 * waits while the test holds it: "starting again" lasts until the test has looked at it.
 */
class HeldRestarts {
  hold = true;
  private readonly spawn = childProcessCore(silent);
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

/**
 * The page's bridge through a gate the test can shut: shut, the page's socket is closed and each
 * new one it opens is refused until the gate opens again. Counts what passes to the page.
 */
class LinkGate {
  /** The events and the invokes that went through, by name. */
  readonly passed: string[] = [];
  private shut = false;
  private readonly sockets = new Set<{ page: WebSocketRoute; server: WebSocketRoute }>();

  route = (page: WebSocketRoute): void => {
    if (this.shut) return void page.close({ code: 1013, reason: 'Held shut by the test.' });
    const server = page.connectToServer();
    this.sockets.add({ page, server });
    page.onMessage((message) => {
      this.note(message, 'command');
      server.send(message);
    });
    server.onMessage((message) => {
      this.note(message, 'event');
      page.send(message);
    });
  };

  cut(): void {
    this.shut = true;
    for (const { page, server } of this.sockets) {
      void page.close({ code: 1013, reason: 'Cut by the test.' }).catch(() => undefined);
      void server.close().catch(() => undefined);
    }
    this.sockets.clear();
  }

  open(): void {
    this.shut = false;
  }

  private note(message: string | Buffer, key: 'command' | 'event'): void {
    try {
      const name = (JSON.parse(String(message)) as Record<string, unknown>)[key];
      if (typeof name === 'string') this.passed.push(name);
    } catch {
      return; // not a bridge message
    }
  }
}

/**
 * Core's process ends under a page that is open: the page says core is starting again while it
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
    expect(await inspectAtEverySize(app.page, 'core-restarting')).toBe('');

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
    expect(await banner.locator('.core-state-message').textContent()).toBe(STOPPED);
    expect(await banner.getByRole('button').textContent()).toBe('Start Cast Studio’s core again');
    expect(await inspectAtEverySize(app.page, 'core-stopped')).toBe('');
  }, 120_000);

  it('starts core again when the person presses the banner’s button, and the page works again', async () => {
    const before = told().length;
    await app.page.locator('.bridge-banner[data-core-state="stopped"] [data-action="restart-core"]').click();
    await app.waitForEvent('core.changed', (payload) => payload.state === 'running');
    await app.page.locator('.bridge-banner').waitFor({ state: 'detached' });
    expect(
      told()
        .slice(before)
        .map((payload) => (payload as { state: string }).state),
    ).toEqual(['restarting', 'running']);
    await app.page
      .getByTestId('connection-words')
      .filter({ hasText: /^online$/ })
      .waitFor({ timeout: 30_000 });
    const job = await studio.queueImage(characterId, 'Mira after core was started again');
    await app.go('queue');
    await new QueuePage(app.page).job(job.id).waitFor();
  }, 120_000);
});

/**
 * The browser host with the crash probe in core's process, onboarded. The sandbox runs beside the
 * test ('own'), so each start of core again is only core's own.
 */
async function startCrashableStudio(): Promise<StudioHost> {
  const studio = await startStudioHost({
    keychain: 'memory',
    sandbox: 'own',
    probe: new URL('../../integration/host/crashProbe.ts', import.meta.url).href,
  });
  await studio.call('connection.completeOnboarding', {});
  return studio;
}

/**
 * A page whose link to the host was down while core was given up heard no `core.changed`: once
 * its socket is back, it asks the shell and says core stopped, with what to do. The browser host,
 * a real sandbox, real Chromium.
 */
describe.skipIf(chromiumMissing() !== null)('a page that connects after core was given up', () => {
  const gate = new LinkGate();
  let studio: StudioHost;
  let browser: Browser;
  let app: StudioApp;

  beforeAll(async () => {
    studio = await startCrashableStudio();
    browser = await launchChromium();
    app = await StudioApp.open(browser, studio.url, { theme: 'light', viewport: SCREEN_SIZES[0], bridge: gate.route });
  });
  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  it('says core was not started again, and what to do, once its link is back', async () => {
    gate.cut();
    await app.page.locator('.bridge-banner[data-bridge-status="reconnecting"]').waitFor({ timeout: 30_000 });
    const states: string[] = [];
    studio.host.core.router.subscribe((event, payload) => event === 'core.changed' && states.push((payload as { state: string }).state));
    // Three restarts within the minute, then the fourth end is given up.
    for (let running = 1; running <= 3; running += 1) {
      await studio.host.core.probe('crash');
      await studio.until(`core running again (${running})`, () => states.filter((state) => state === 'running').length >= running);
    }
    await studio.host.core.probe('crash');
    await studio.until('core given up', () => states.at(-1) === 'stopped');

    gate.open();
    const banner = app.page.locator('.bridge-banner[data-core-state="stopped"]');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.getAttribute('role')).toBe('alert');
    expect(await banner.locator('.core-state-message').textContent()).toBe(STOPPED);
    expect(await app.page.getByTestId('connection-words').textContent()).toBe('not connected');
    // It learned it by asking: no core.changed reached it while its link was down.
    expect(gate.passed).toContain('shell.coreState');
    expect(gate.passed).not.toContain('core.changed');
  }, 120_000);

  it('shows a page opened now the same stopped state, and loads the app once the person starts core again', async () => {
    const context = await browser.newContext({ colorScheme: 'light', viewport: SCREEN_SIZES[0] });
    const fresh = new StudioApp(context, await context.newPage(), 'light');
    try {
      await fresh.page.goto(studio.url);
      const notice = fresh.page.locator('.app-loading [data-core-state="stopped"]');
      await notice.waitFor({ timeout: 30_000 });
      expect(await notice.getAttribute('role')).toBe('alert');
      expect(await notice.locator('.core-state-message').textContent()).toBe(STOPPED);
      expect(await fresh.page.locator('h1').textContent()).toBe('Cast Studio’s core is not running');
      expect(await fresh.page.getByText('Cast Studio could not start').count()).toBe(0);
      expect(await inspectAtEverySize(fresh.page, 'core-stopped-fresh-page')).toBe('');

      await notice.getByRole('button', { name: 'Start Cast Studio’s core again' }).click();
      await fresh.waitForReady(60_000);
      await fresh.page.locator('[data-nav="queue"]').waitFor();
      // The page that was open hears it too: its banner goes once core runs.
      await app.page.locator('.bridge-banner').waitFor({ state: 'detached', timeout: 30_000 });
      expect(await studio.call('app.info', {})).toMatchObject({ host: 'browser' });
    } finally {
      await fresh.close();
    }
  }, 120_000);
});

type Frame = {
  type?: string;
  id?: number;
  command?: string;
  event?: string;
  payload?: { state?: string };
  reply?: { ok?: boolean; error?: { code?: string } };
};

/**
 * The page's bridge with core ended under the page's first asks: the version check's `app.info`,
 * then the page's own, are each in flight when core's process ends (core is armed to end as the
 * command arrives). The answer to the page's own is held until the page has heard that core runs
 * again, as a slow link would deliver it.
 */
class FirstAsksLost {
  /** The codes of the `app.info` answers that were lost to core's end, as the page got them. */
  readonly lost: string[] = [];
  private asked = 0;
  private heldId: number | null = null;
  private held: string | Buffer | null = null;
  private readonly studio: () => StudioHost;

  constructor(studio: () => StudioHost) {
    this.studio = studio;
  }

  route = (page: WebSocketRoute): void => {
    const server = page.connectToServer();
    page.onMessage((message) => {
      const frame = parse(message);
      if (frame?.command !== 'app.info' || this.asked >= 2) return void server.send(message);
      this.asked += 1;
      const own = this.asked === 2;
      if (own) this.heldId = frame.id ?? null;
      void (async () => {
        // The page's own ask comes while core starts again after the first end: it ends the core that runs next.
        if (own) await this.studio().until('core running again', () => this.coreRuns());
        await this.studio().host.core.probe('crashAt', 'app.info');
        server.send(message);
      })();
    });
    server.onMessage((message) => {
      const frame = parse(message);
      if (frame?.type === 'reply' && frame.reply?.ok === false && frame.reply.error?.code === 'core_restarted') {
        this.lost.push(frame.reply.error.code);
      }
      if (frame?.type === 'reply' && frame.id === this.heldId) return void (this.held = message);
      page.send(message);
      if (this.held && frame?.event === 'core.changed' && frame.payload?.state === 'running') {
        page.send(this.held);
        this.held = null;
      }
    });
  };

  private async coreRuns(): Promise<boolean> {
    const reply = await this.studio().host.core.router.handle('shell.coreState', {});
    return reply.ok && (reply.value as { state: string }).state === 'running';
  }
}

function parse(message: string | Buffer): Frame | null {
  try {
    return JSON.parse(String(message)) as Frame;
  } catch {
    return null;
  }
}

/**
 * Core ends while a fresh page's first asks are on their way, twice, and the page hears that core
 * runs again before it hears its ask was lost: it asks again and loads the app, instead of "could
 * not start". The browser host, real ends of core's process, real Chromium.
 */
describe.skipIf(chromiumMissing() !== null)('a page whose first asks are lost to core’s end', () => {
  let studio: StudioHost;
  let browser: Browser;
  const lost = new FirstAsksLost(() => studio);

  beforeAll(async () => {
    studio = await startCrashableStudio();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await studio?.stop();
  });

  it('asks again and loads the app', async () => {
    const app = await StudioApp.open(browser, studio.url, { theme: 'dark', viewport: SCREEN_SIZES[1], bridge: lost.route });
    try {
      expect(lost.lost).toEqual(['core_restarted', 'core_restarted']);
      expect(await app.page.getByText('Cast Studio could not start').count()).toBe(0);
      await app.go('queue');
      await new QueuePage(app.page).root.waitFor();
    } finally {
      await app.close();
    }
  }, 120_000);
});
