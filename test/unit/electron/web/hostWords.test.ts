import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Router } from '../../../../electron/core/ipc/router.ts';
import { LOCALES, type CatalogLocale } from '../../../../shared/i18n/locales.ts';
import { startHostServer, type HostServer } from '../../../../electron/web/hostServer.ts';
import { launchLocale, loadHostWords, systemLanguages, type HostMessageId } from '../../../../electron/web/hostWords.ts';
import { writeLaunchPage } from '../../../../electron/web/launchPage.ts';

/**
 * What the browser host itself shows a person: the page the browser is first pointed at, and the
 * plain-text answers a tab may show (a media file opened on its own, a mistyped address), each in
 * the person's language from the `host.*` messages of the page's catalogs.
 */

const english = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../../renderer/i18n/messages/en.json', import.meta.url)), 'utf8'),
) as Record<string, string>;
const HOST_IDS = Object.keys(english).filter((id) => id.startsWith('host.')) as HostMessageId[];

type Answer = { status: number; language: string | undefined; vary: string | undefined; body: string };

function get(port: number, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          language: res.headers['content-language'],
          vary: res.headers.vary,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(LOCALES)('the host’s words in %s', (locale: CatalogLocale) => {
  it('formats every host message, leaving no argument unfilled', async () => {
    const words = await loadHostWords(locale);
    expect(words.locale).toBe(locale);
    expect(HOST_IDS.length).toBeGreaterThanOrEqual(8);
    for (const id of HOST_IDS) {
      const values = { address: 'http://127.0.0.1:5173' };
      const text = english[id]?.includes('<link>') ? words.html(id, values, { link: (inner) => `[${inner}]` }) : words.say(id, values);
      expect(text.trim(), `${locale} ${id}`).not.toBe('');
      expect(text, `${locale} ${id} is the id, not a message`).not.toBe(id);
      expect(text, `${locale} ${id}`).not.toMatch(/<|>/);
      expect(text, `${locale} ${id}`).not.toMatch(/[{}]/);
      if (locale !== 'en') expect(text, `${locale} ${id} is English`).not.toBe(english[id]);
    }
  });
});

describe('the launch page', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cast-launch-words-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const launchUrl = 'http://127.0.0.1:5173/#launch=abc&def';
  const page = async (locale: CatalogLocale) =>
    readFileSync(fileURLToPath(writeLaunchPage(dir, launchUrl, await loadHostWords(locale))), 'utf8');

  it('is in Arabic, right to left, with its link to the studio inside the sentence', async () => {
    const html = await page('ar');
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<title>جارٍ فتح Cast Studio…</title>');
    expect(html).toContain('إن لم يحدث شيء، <a href="http://127.0.0.1:5173/#launch=abc&amp;def">افتح الاستوديو</a>.');
    expect(html).toContain('<meta http-equiv="refresh" content="0;url=http://127.0.0.1:5173/#launch=abc&amp;def">');
    expect(html).not.toMatch(/Opening|nothing happens/);
  });

  it('is in Japanese, left to right', async () => {
    const html = await page('ja');
    expect(html).toContain('<html lang="ja" dir="ltr">');
    expect(html).toContain('<title>Cast Studio を開いています…</title>');
    expect(html).toContain('<a href="http://127.0.0.1:5173/#launch=abc&amp;def">スタジオを開いてください</a>。');
  });

  it('is in English as before when English is the language', async () => {
    const html = await page('en');
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain(
      '<p>Opening Cast Studio… If nothing happens, <a href="http://127.0.0.1:5173/#launch=abc&amp;def">open the studio</a>.</p>',
    );
  });

  it('follows Settings’ language, else the system’s (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English', () => {
    expect(launchLocale('ar', { LANG: 'de_DE.UTF-8' })).toBe('ar');
    expect(launchLocale(null, { LANG: 'ja_JP.UTF-8' })).toBe('ja');
    expect(launchLocale(null, { LANGUAGE: 'sw:fr', LANG: 'de_DE.UTF-8' })).toBe('fr');
    expect(launchLocale(null, { LC_ALL: 'pt_BR.UTF-8', LANG: 'de_DE.UTF-8' })).toBe('pt-BR');
    expect(launchLocale(null, { LC_MESSAGES: 'zh_CN.GB2312@euro' })).toBe('zh-CN');
    expect(systemLanguages({ LANG: 'C.UTF-8', LC_ALL: 'POSIX' }).slice(0, -1)).toEqual([]);
  });
});

describe('the host’s plain-text answers', () => {
  let dir: string;
  let host: HostServer;
  let starting: HostServer;
  const mediaPath = (server: HostServer, id: string, key = server.auth.mediaKey) => `/media/${key}/${id}`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cast-host-words-'));
    mkdirSync(join(dir, 'renderer'));
    writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><div id="root"></div>');
    host = await startHostServer({ rendererDir: join(dir, 'renderer'), uploadDir: join(dir, 'incoming') });
    host.attach({ router: new Router(), resolveMedia: async () => null });
    // Never attached: core is still starting.
    starting = await startHostServer({ rendererDir: join(dir, 'renderer'), uploadDir: join(dir, 'incoming-starting') });
  });
  afterAll(async () => {
    await host.close();
    await starting.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses media asked for without the studio’s key in German, with Content-Language', async () => {
    const answer = await get(host.port, mediaPath(host, 'clip01', 'wrong'), { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(answer).toEqual({
      status: 403,
      language: 'de',
      vary: 'Accept-Language',
      body: 'Diese Seite ist nicht die, die Cast Studio geöffnet hat.',
    });
  });

  it('says in Japanese that core is still starting (503)', async () => {
    const answer = await get(starting.port, mediaPath(starting, 'clip01'), { 'accept-language': 'ja' });
    expect(answer).toMatchObject({
      status: 503,
      language: 'ja',
      body: 'Cast Studio はまだ起動中です。しばらくしてからもう一度お試しください。',
    });
  });

  it('says in German and Japanese that no media has that id (404), or that the address holds nothing', async () => {
    expect(await get(host.port, mediaPath(host, 'unknown'), { 'accept-language': 'de' })).toMatchObject({
      status: 404,
      language: 'de',
      body: 'Die Bibliothek enthält kein Medium mit dieser ID.',
    });
    expect(await get(host.port, '/no-such-page', { 'accept-language': 'ja' })).toMatchObject({
      status: 404,
      language: 'ja',
      body: 'このアドレスには Cast Studio のページがありません。',
    });
  });

  it('names the studio’s own address, isolated, to a person who typed another name for it', async () => {
    const answer = await get(host.port, '/', { host: `localhost:${host.port}`, 'accept-language': 'ar' });
    expect(answer).toMatchObject({ status: 403, language: 'ar', body: `لا يستجيب Cast Studio إلا على \u2068${host.auth.origin}\u2069.` });
  });

  it('answers in English when the request asks for no language the studio speaks, or none at all', async () => {
    expect(await get(host.port, '/no-such-page', { 'accept-language': 'sw, ko;q=0.5' })).toMatchObject({
      status: 404,
      language: 'en',
      body: 'Cast Studio has nothing at this address.',
    });
    expect(await get(host.port, mediaPath(host, 'unknown'), {})).toMatchObject({
      status: 404,
      language: 'en',
      body: 'No media with that id is in the library.',
    });
  });

  it('keeps a developer’s answers English whatever the request asks for', async () => {
    expect(await get(host.port, mediaPath(host, 'not%20an%20id'), { 'accept-language': 'de' })).toMatchObject({
      status: 400,
      language: 'en',
      body: 'That is not a media id.',
    });
  });
});
