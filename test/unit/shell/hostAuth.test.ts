import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSiteAllowed, HostAuth, newToken, readCookie } from '../../../electron/web/hostAuth.ts';
import { contentSecurityPolicy, resolveStaticFile } from '../../../electron/web/staticFiles.ts';
import { takeHostToken } from '../../../renderer/bridge/hostToken.ts';

describe('the browser host’s gate', () => {
  const auth = new HostAuth(4321, 'the-token');

  it('makes a fresh unguessable token at each start', () => {
    expect(newToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(newToken());
  });

  it('accepts only this start’s token', () => {
    expect(auth.tokenMatches('the-token')).toBe(true);
    for (const bad of [null, undefined, '', 'the-token ', 'THE-TOKEN', 'the-toke']) expect(auth.tokenMatches(bad)).toBe(false);
  });

  it('accepts only its own Host and Origin', () => {
    expect(auth.hostMatches('127.0.0.1:4321')).toBe(true);
    expect(auth.hostMatches('localhost:4321')).toBe(false);
    expect(auth.hostMatches('evil.example:4321')).toBe(false);
    expect(auth.originMatches('http://127.0.0.1:4321', true)).toBe(true);
    expect(auth.originMatches(undefined, true)).toBe(false);
    expect(auth.originMatches(undefined, false)).toBe(true);
    expect(auth.originMatches('http://127.0.0.1:4322', false)).toBe(false);
    expect(auth.originMatches('null', false)).toBe(false);
  });

  it('reads the media token from its cookie or query', () => {
    expect(auth.requestToken('a=1; cast_token_4321=the-token', new URL('http://127.0.0.1:4321/media/x'))).toBe('the-token');
    expect(auth.requestToken(undefined, new URL('http://127.0.0.1:4321/media/x?token=q'))).toBe('q');
    expect(readCookie('cast_token_1=a;cast_token_4321=b', 'cast_token_4321')).toBe('b');
    expect(auth.sessionCookie()).toContain('HttpOnly; SameSite=Strict');
  });

  it('refuses requests another site starts', () => {
    expect(fetchSiteAllowed('same-origin')).toBe(true);
    expect(fetchSiteAllowed('none')).toBe(true);
    expect(fetchSiteAllowed(undefined)).toBe(true);
    expect(fetchSiteAllowed('cross-site')).toBe(false);
    expect(fetchSiteAllowed('same-site')).toBe(false);
  });

  it('lets the page connect only to its own socket and run only its own scripts', () => {
    const csp = contentSecurityPolicy('http://127.0.0.1:4321');
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self' ws://127.0.0.1:4321;");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('static files of the built renderer', () => {
  let root: string;
  beforeAll(() => {
    const base = mkdtempSync(join(tmpdir(), 'cast-static-'));
    root = join(base, 'renderer');
    mkdirSync(join(root, 'assets'), { recursive: true });
    writeFileSync(join(root, 'index.html'), 'page');
    writeFileSync(join(root, 'assets', 'a.js'), 'js');
    writeFileSync(join(base, 'secret'), 'outside');
  });
  afterAll(() => rmSync(join(root, '..'), { recursive: true, force: true }));

  it('serves / as index.html and files by path', async () => {
    expect(await resolveStaticFile(root, '/')).toBe(join(root, 'index.html'));
    expect(await resolveStaticFile(root, '/assets/a.js')).toBe(join(root, 'assets', 'a.js'));
  });

  it('serves nothing outside the folder, nor folders, nor unknown paths', async () => {
    for (const path of ['/../secret', '/%2e%2e/secret', '/assets/..%2f..%2fsecret', '/..%5csecret', '/assets', '/nope', '/etc/passwd', '%2Fetc%2Fpasswd', '/a%00.js', '/%E0%A4%A']) {
      expect(await resolveStaticFile(root, path), path).toBeNull();
    }
  });
});

describe('the token in the page URL', () => {
  const storage = () => {
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
  };

  it('moves the token from the fragment to sessionStorage and out of the address bar', () => {
    const store = storage();
    const replaced: string[] = [];
    const history = { replaceState: (_d: unknown, _u: string, url: string) => void replaced.push(url) };
    expect(takeHostToken({ hash: '#token=abc_-1&view=gallery', pathname: '/', search: '' }, history, store)).toBe('abc_-1');
    expect(replaced).toEqual(['/#view=gallery']);
    expect(takeHostToken({ hash: '', pathname: '/', search: '' }, history, store)).toBe('abc_-1');
  });

  it('has no token when neither the fragment nor the tab holds one', () => {
    const history = { replaceState: () => undefined };
    expect(takeHostToken({ hash: '#/gallery', pathname: '/', search: '' }, history, storage())).toBeNull();
  });
});
