import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IPC_VERSION } from '../../../shared/ipc/index.ts';
import { chromiumMissing, launchChromium, startStudioHost, StudioPage, type StudioHost } from '../support/index.ts';

/** A raw GET, so that `..` reaches the host as typed (browsers and fetch normalise it away). */
function rawGet(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** In the page: opens a bridge socket and says whether the host let it open. */
const SOCKET_PROBE = (url: string) =>
  new Promise<string>((resolve) => {
    const socket = new WebSocket(url);
    socket.onopen = () => {
      socket.close();
      resolve('opened');
    };
    socket.onerror = () => resolve('refused');
  });

describe.skipIf(chromiumMissing() !== null)('the browser host in Chromium', () => {
  let studio: StudioHost;
  let browser: Browser;
  let page: StudioPage;

  beforeAll(async () => {
    studio = await startStudioHost();
    browser = await launchChromium();
    page = await StudioPage.open(browser, studio.host.url);
  });
  afterAll(async () => {
    await page?.close();
    await browser?.close();
    await studio?.stop();
  });

  it('shows the studio once the bridge has answered app.info', async () => {
    const info = page.received.find((message) => message.type === 'reply' && message.reply.ok && (message.reply.value as { ipcVersion?: number }).ipcVersion === IPC_VERSION);
    expect(info, 'an app.info reply over the WebSocket bridge').toBeDefined();
    expect(await page.page.locator('#root > *').count()).toBeGreaterThan(0);
    // The token left the address bar for sessionStorage as soon as the page read it.
    expect(page.page.url()).not.toContain('token=');
  });

  it('serves the page with a CSP that blocks inline script', async () => {
    const ran = await page.page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(ran).toBe(false);
  });

  it('refuses a bridge connection without the token, or with a wrong one', async () => {
    const base = `ws://127.0.0.1:${studio.host.port}/bridge`;
    expect(await page.page.evaluate(SOCKET_PROBE, `${base}?token=${studio.host.token}&v=${IPC_VERSION}`)).toBe('opened');
    expect(await page.page.evaluate(SOCKET_PROBE, `${base}?v=${IPC_VERSION}`)).toBe('refused');
    expect(await page.page.evaluate(SOCKET_PROBE, `${base}?token=guess&v=${IPC_VERSION}`)).toBe('refused');
  });

  it('refuses a bridge connection from another origin, even one holding the token', async () => {
    const other: Server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>elsewhere</title>'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', () => resolve()));
    try {
      const elsewhere = await browser.newPage();
      await elsewhere.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
      const url = `ws://127.0.0.1:${studio.host.port}/bridge?token=${studio.host.token}&v=${IPC_VERSION}`;
      expect(await elsewhere.evaluate(SOCKET_PROBE, url)).toBe('refused');
      // Nor can that page read media, cookie or not: its requests are cross-origin.
      const status = await elsewhere.evaluate(async (mediaUrl) => {
        try {
          return (await fetch(mediaUrl, { credentials: 'include' })).status;
        } catch {
          return 'blocked';
        }
      }, `${studio.host.origin}/media/anything`);
      expect(status).not.toBe(200);
      await elsewhere.close();
    } finally {
      other.close();
    }
  });

  it('serves media by content id only: 404 for unknown ids, never a path', async () => {
    const inPage = page.context.request; // carries the session cookie the page obtained
    expect((await inPage.get(`${studio.host.origin}/media/no0such0id`)).status()).toBe(404);
    for (const path of ['%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..%2F..%2Fetc%2Fpasswd', '%2Fetc%2Fpasswd', 'C:%5CWindows%5Cwin.ini', 'a.b']) {
      const response = await inPage.get(`${studio.host.origin}/media/${path}`);
      expect(response.status(), path).toBe(400);
    }
    const cookie = (await page.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    expect(cookie).toContain(`cast_token_${studio.host.port}=`);
    for (const path of ['/media/../etc/passwd', '/media/../../../../etc/passwd', '/../../etc/passwd', '/etc/passwd']) {
      const response = await rawGet(studio.host.port, path, { Host: `127.0.0.1:${studio.host.port}`, Cookie: cookie });
      expect([400, 404], `${path} → ${response.status}`).toContain(response.status);
      expect(response.body).not.toContain('root:');
    }
  });

  it('refuses media to a browser that never had the token', async () => {
    const stranger = await browser.newContext();
    expect((await stranger.request.get(`${studio.host.origin}/media/no0such0id`)).status()).toBe(403);
    await stranger.close();
  });

  it('shows the studio in light and dark', async () => {
    await page.screenshot('browser-host-start');
    const dark = await StudioPage.open(browser, studio.host.url, { theme: 'dark' });
    expect(await dark.page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
    await dark.screenshot('browser-host-start');
    await dark.close();
  });
});
