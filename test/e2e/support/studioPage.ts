import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page, WebSocket, WebSocketRoute } from 'playwright-core';
import type { EventName, EventPayload, WireMessage } from '../../../shared/ipc/index.ts';

export type Theme = 'light' | 'dark';

const SCREENSHOTS = fileURLToPath(new URL('../../../test-artifacts/screenshots/', import.meta.url));

/** Where `StudioPage.screenshot(name)` writes: test-artifacts/screenshots/<name>-<theme>.png. */
export function screenshotPath(name: string, theme: Theme): string {
  return join(SCREENSHOTS, `${name}-${theme}.png`);
}

/**
 * The base page object: one browser context (its own cookies and storage) showing the studio in
 * one colour scheme, with the bridge's traffic observed so tests wait on named app events instead
 * of sleeping. Feature page objects extend it and add their own locators and actions.
 */
export class StudioPage {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly theme: Theme;
  /** Every message the host sent this page over the bridge, in order. */
  readonly received: WireMessage[] = [];
  private readonly arrivals = new Set<() => void>();

  constructor(context: BrowserContext, page: Page, theme: Theme) {
    this.context = context;
    this.page = page;
    this.theme = theme;
    page.on('websocket', (socket: WebSocket) => {
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload !== 'string') return;
        try {
          this.received.push(JSON.parse(payload) as WireMessage);
        } catch {
          return; // not a bridge message
        }
        for (const arrived of [...this.arrivals]) arrived();
      });
    });
  }

  /**
   * Opens the studio at `url` (the host's URL with its token) in a new context and waits until it
   * is ready. Called on a subclass, it returns that subclass: `await GalleryPage.open(browser, url)`.
   */
  static async open<T extends StudioPage>(
    this: new (context: BrowserContext, page: Page, theme: Theme) => T,
    browser: Browser,
    url: string,
    options: {
      theme?: Theme;
      viewport?: { width: number; height: number };
      /** Stands between the page and the host's bridge socket (a test that cuts or alters the link). */
      bridge?: (route: WebSocketRoute) => unknown;
      /** The browser's language (navigator.languages), which the studio follows until Settings chooses one. */
      locale?: string;
    } = {},
  ): Promise<T> {
    const theme = options.theme ?? 'light';
    const context = await browser.newContext({
      colorScheme: theme,
      viewport: options.viewport ?? { width: 1280, height: 800 },
      ...(options.locale ? { locale: options.locale } : {}),
    });
    if (options.bridge) await context.routeWebSocket(/\/bridge/, options.bridge);
    const studio = new this(context, await context.newPage(), theme);
    await studio.page.goto(url);
    await studio.waitForReady();
    return studio;
  }

  /** The renderer sets data-app-ready on <html> once the host has answered app.info over the bridge. */
  async waitForReady(timeout = 30_000): Promise<void> {
    await this.page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached', timeout });
  }

  /** Resolves with the first event `name` (already received or to come) whose payload passes `match`. */
  waitForEvent<E extends EventName>(
    name: E,
    match: (payload: EventPayload<E>) => boolean = () => true,
    timeout = 30_000,
  ): Promise<EventPayload<E>> {
    return new Promise((resolve, reject) => {
      let seen = 0;
      const check = (): boolean => {
        for (; seen < this.received.length; seen += 1) {
          const message = this.received[seen];
          if (message?.type === 'event' && message.event === name && match(message.payload as EventPayload<E>)) {
            done();
            resolve(message.payload as EventPayload<E>);
            return true;
          }
        }
        return false;
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`No ${name} event reached the page within ${timeout} ms.`));
      }, timeout);
      const arrived = () => void check();
      const done = () => {
        clearTimeout(timer);
        this.arrivals.delete(arrived);
      };
      if (!check()) this.arrivals.add(arrived);
    });
  }

  /** Writes test-artifacts/screenshots/<name>-<theme>.png and returns its path. */
  async screenshot(name: string, options: { fullPage?: boolean } = {}): Promise<string> {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const path = screenshotPath(name, this.theme);
    await this.page.screenshot({ path, fullPage: options.fullPage ?? false, animations: 'disabled' });
    return path;
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}
