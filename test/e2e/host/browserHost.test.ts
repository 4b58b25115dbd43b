import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RENDERER_DIR } from '../../../electron/web/browserHost.ts';
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

/** A raw GET or HEAD answered as bytes, with its headers (and how its body came: whole or in chunks). */
function rawBytes(port: number, path: string, method = 'GET'): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { Host: `127.0.0.1:${port}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** In the page: opens a bridge socket and says whether the host let it open. */
/** Opens a socket as the page does: the IPC version in the URL, the token (when any) in the subprotocols. */
const SOCKET_PROBE = ({ url, token }: { url: string; token: string | null }) =>
  new Promise<string>((resolve) => {
    const socket = new WebSocket(url, token === null ? ['cast-bridge'] : ['cast-bridge', `cast-token.${token}`]);
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
  /** The media base core gave the page in app.info: the media key is in it. */
  const mediaBase = (): string => {
    for (const message of page.received) {
      if (message.type === 'reply' && message.reply.ok) {
        const value = message.reply.value as { mediaBase?: unknown };
        if (typeof value.mediaBase === 'string') return value.mediaBase;
      }
    }
    throw new Error('No app.info reply reached the page.');
  };

  beforeAll(async () => {
    studio = await startStudioHost();
    browser = await launchChromium();
    page = await StudioPage.open(browser, studio.host.launchUrl());
  });
  afterAll(async () => {
    await page?.close();
    await browser?.close();
    await studio?.stop();
  });

  it('shows the studio once the bridge has answered app.info', async () => {
    const info = page.received.find(
      (message) =>
        message.type === 'reply' && message.reply.ok && (message.reply.value as { ipcVersion?: number }).ipcVersion === IPC_VERSION,
    );
    expect(info, 'an app.info reply over the WebSocket bridge').toBeDefined();
    expect(await page.page.locator('#root > *').count()).toBeGreaterThan(0);
    // The launch code left the address bar at once; the session it bought sits in this tab only.
    expect(page.page.url()).not.toContain('launch=');
    expect(await page.page.evaluate(() => sessionStorage.getItem('cast.hostSession'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // No cookie: cookies ignore ports, so every server on 127.0.0.1 would be sent one.
    expect(await page.context.cookies()).toEqual([]);
  });

  it('keeps working through a reload, on the session the tab holds', async () => {
    const tab = await StudioPage.open(browser, studio.host.launchUrl());
    await tab.page.reload();
    await tab.waitForReady();
    expect(await tab.page.locator('.bridge-banner').count()).toBe(0);
    await tab.close();
  });

  it('opens a launch link once: a second browser opening it is told so', async () => {
    const url = studio.host.launchUrl();
    const first = await StudioPage.open(browser, url);
    const context = await browser.newContext();
    const second = await context.newPage();
    await second.goto(url);
    // The page cannot start without a session, and says why and what to do.
    await second.locator('.app-loading-error').waitFor({ timeout: 30_000 });
    expect(await second.locator('.app-loading-error').textContent()).toContain('This link to Cast Studio was used already');
    expect(await second.evaluate(() => sessionStorage.getItem('cast.hostSession'))).toBeNull();
    await context.close();
    await first.close();
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
    const url = `${base}?v=${IPC_VERSION}`;
    expect(await page.page.evaluate(SOCKET_PROBE, { url, token: studio.host.sessionToken() })).toBe('opened');
    expect(await page.page.evaluate(SOCKET_PROBE, { url, token: null })).toBe('refused');
    expect(await page.page.evaluate(SOCKET_PROBE, { url, token: 'guess' })).toBe('refused');
    // A token in the query string, where logs and history would keep it, opens nothing.
    expect(
      await page.page.evaluate(SOCKET_PROBE, { url: `${base}?token=${studio.host.sessionToken()}&v=${IPC_VERSION}`, token: null }),
    ).toBe('refused');
  });

  it('refuses a bridge connection from another origin, even one holding the token', async () => {
    const other: Server = createServer((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>elsewhere</title>'),
    );
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', () => resolve()));
    try {
      const elsewhere = await browser.newPage();
      await elsewhere.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
      const url = `ws://127.0.0.1:${studio.host.port}/bridge?v=${IPC_VERSION}`;
      expect(await elsewhere.evaluate(SOCKET_PROBE, { url, token: studio.host.sessionToken() })).toBe('refused');
      // Nor can that page read media, even knowing the media key: its requests are cross-site.
      const status = await elsewhere.evaluate(async (mediaUrl) => {
        try {
          return (await fetch(mediaUrl, { credentials: 'include' })).status;
        } catch {
          return 'blocked';
        }
      }, `${mediaBase()}anything`);
      expect(status).not.toBe(200);
      const image = await elsewhere.evaluate(
        (src) =>
          new Promise<string>((resolve) => {
            const img = new Image();
            img.onload = () => resolve('loaded');
            img.onerror = () => resolve('refused');
            img.src = src;
          }),
        `${mediaBase()}anything`,
      );
      expect(image).toBe('refused');
      await elsewhere.close();
    } finally {
      other.close();
    }
  });

  it('serves media by content id only, under the media base core gave the page: 404 for unknown ids, never a path', async () => {
    expect(mediaBase()).toMatch(new RegExp(`^${studio.host.origin}/media/[A-Za-z0-9_-]{43}/$`));
    const fromPage = (url: string) => page.page.evaluate(async (u) => (await fetch(u)).status, url);
    expect(await fromPage(`${mediaBase()}no0such0id`)).toBe(404);
    for (const path of ['%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..%2F..%2Fetc%2Fpasswd', '%2Fetc%2Fpasswd', 'C:%5CWindows%5Cwin.ini', 'a.b']) {
      expect(await fromPage(`${mediaBase()}${path}`), path).toBe(400);
    }
    const base = new URL(mediaBase()).pathname;
    for (const path of [
      `${base}../etc/passwd`,
      `${base}../../../../etc/passwd`,
      '/media/../etc/passwd',
      '/../../etc/passwd',
      '/etc/passwd',
    ]) {
      const response = await rawGet(studio.host.port, path, { Host: `127.0.0.1:${studio.host.port}` });
      expect([400, 403, 404], `${path} → ${response.status}`).toContain(response.status);
      expect(response.body).not.toContain('root:');
    }
  });

  it('answers the build’s files whole with their length, from memory once read, and library files whole or by range', async () => {
    const port = studio.host.port;
    const html = await rawBytes(port, '/');
    const script = /src="\.\/(assets\/index-[^"]+\.js)"/.exec(html.body.toString('utf8'))?.[1];
    expect(script).toBeDefined();
    const onDisk = readFileSync(join(DEFAULT_RENDERER_DIR, script!));
    const first = await rawBytes(port, `/${script!}`);
    expect(first.status).toBe(200);
    expect(first.headers['content-length']).toBe(String(onDisk.length));
    expect(first.headers['transfer-encoding']).toBeUndefined();
    expect(first.headers['content-type']).toMatch(/javascript/);
    expect(first.body.equals(onDisk)).toBe(true);
    const head = await rawBytes(port, `/${script!}`, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    // A hashed name always holds the same bytes, so a file read once is answered from memory after:
    // a file of this test's own, changed on disk after its first answer, is answered as it was.
    const own = `assets/own-${process.pid}-${Date.now()}.js`;
    try {
      writeFileSync(join(DEFAULT_RENDERER_DIR, own), 'export const first = 1;\n');
      expect((await rawBytes(port, `/${own}`)).body.toString('utf8')).toBe('export const first = 1;\n');
      writeFileSync(join(DEFAULT_RENDERER_DIR, own), 'export const second = 2;\n');
      expect((await rawBytes(port, `/${own}`)).body.toString('utf8')).toBe('export const first = 1;\n');
    } finally {
      rmSync(join(DEFAULT_RENDERER_DIR, own), { force: true });
    }
    expect((await rawBytes(port, `/${own}`)).status).toBe(404);

    // A library picture: whole, with its type and length, and any range of it from the same bytes.
    const item = await studio.generate(await studio.createCharacter('Nadia'), 'image', 'Nadia on the pier at dusk');
    const id = item.thumbId ?? item.mediaId;
    expect(id).toBeTruthy();
    const answers = await page.page.evaluate(async (url) => {
      const whole = await fetch(url);
      const bytes = [...new Uint8Array(await whole.arrayBuffer())];
      const part = await fetch(url, { headers: { Range: 'bytes=2-9' } });
      return {
        whole: { status: whole.status, type: whole.headers.get('content-type'), length: whole.headers.get('content-length'), bytes },
        part: { status: part.status, range: part.headers.get('content-range'), bytes: [...new Uint8Array(await part.arrayBuffer())] },
      };
    }, `${mediaBase()}${id!}`);
    expect(answers.whole.status).toBe(200);
    expect(answers.whole.type).toMatch(/^image\/(png|jpeg|webp)$/);
    expect(answers.whole.length).toBe(String(answers.whole.bytes.length));
    expect(answers.part.status).toBe(206);
    expect(answers.part.range).toBe(`bytes 2-9/${answers.whole.bytes.length}`);
    expect(answers.part.bytes).toEqual(answers.whole.bytes.slice(2, 10));
  });

  it('streams an upload from the page to the host, not through the socket', async () => {
    // A real PNG's first bytes; core checks the type and the size, then needs the service.
    const reply = await page.page.evaluate(async () => {
      const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(2_000_000).fill(0)]);
      const response = await fetch('/uploads', {
        method: 'PUT',
        body: new Blob([bytes]),
        headers: { 'X-Cast-Token': sessionStorage.getItem('cast.hostSession') ?? '', 'Content-Type': 'image/png' },
      });
      return (await response.json()) as { ok: boolean; value?: unknown; error?: { code: string } };
    });
    // 2 MB, twice what one bridge frame may carry: it went by the upload route and reached core whole.
    expect(reply).toMatchObject({ ok: true, value: { contentType: 'image/png', size: 2_000_008 } });
  });

  it('refuses media to a browser that never had the media key', async () => {
    const stranger = await browser.newContext();
    expect((await stranger.request.get(`${studio.host.origin}/media/no0such0id`)).status()).toBe(403);
    expect((await stranger.request.get(`${studio.host.origin}/media/${studio.host.sessionToken()}/no0such0id`)).status()).toBe(403);
    await stranger.close();
  });

  it('shows the studio in light and dark', async () => {
    await page.screenshot('browser-host-start');
    const dark = await StudioPage.open(browser, studio.host.launchUrl(), { theme: 'dark' });
    expect(await dark.page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
    await dark.screenshot('browser-host-start');
    await dark.close();
  });
});
