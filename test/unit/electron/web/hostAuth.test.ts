import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSiteAllowed, HostAuth, LAUNCH_CODE_TTL_MS, newToken } from '../../../../electron/web/hostAuth.ts';
import { contentSecurityPolicy, resolveStaticFile } from '../../../../electron/web/staticFiles.ts';
import { hostSessionToken } from '../../../../renderer/bridge/hostToken.ts';

describe('the browser host’s gate', () => {
  let now = 1_000_000;
  const auth = new HostAuth(4321, { mediaKey: 'the-media-key', now: () => now });

  it('makes fresh unguessable secrets', () => {
    expect(newToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(newToken());
    expect(auth.mintLaunchCode()).not.toBe(auth.mintLaunchCode());
  });

  it('trades a launch code once for a session token', () => {
    const code = auth.mintLaunchCode();
    const session = auth.redeem(code);
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(auth.sessionMatches(session)).toBe(true);
    expect(auth.redeem(code)).toBeNull();
    // Each trade makes its own session; neither is the launch code.
    const other = auth.redeem(auth.mintLaunchCode());
    expect(other).not.toBe(session);
    expect(auth.sessionMatches(other)).toBe(true);
    expect(auth.sessionMatches(code)).toBe(false);
  });

  it('refuses a launch code after 60 seconds', () => {
    const code = auth.mintLaunchCode();
    const justInTime = auth.mintLaunchCode();
    now += LAUNCH_CODE_TTL_MS - 1;
    expect(auth.redeem(justInTime)).not.toBeNull();
    now += 1;
    expect(auth.redeem(code)).toBeNull();
    expect(LAUNCH_CODE_TTL_MS).toBe(60_000);
  });

  it('accepts only sessions and keys it made', () => {
    for (const bad of [null, undefined, '', 'the-media-key ', 'THE-MEDIA-KEY', 'the-media-ke']) {
      expect(auth.sessionMatches(bad)).toBe(false);
      expect(auth.mediaKeyMatches(bad)).toBe(false);
      expect(auth.redeem(bad)).toBeNull();
    }
    expect(auth.mediaKeyMatches('the-media-key')).toBe(true);
    // The media key reads media; it is no session.
    expect(auth.sessionMatches('the-media-key')).toBe(false);
    expect(auth.redeem('the-media-key')).toBeNull();
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
    expect((await resolveStaticFile(root, '/'))?.file).toBe(join(root, 'index.html'));
    expect((await resolveStaticFile(root, '/assets/a.js'))?.file).toBe(join(root, 'assets', 'a.js'));
  });

  it('serves nothing outside the folder, nor folders, nor unknown paths', async () => {
    for (const path of [
      '/../secret',
      '/%2e%2e/secret',
      '/assets/..%2f..%2fsecret',
      '/..%5csecret',
      '/assets',
      '/nope',
      '/etc/passwd',
      '%2Fetc%2Fpasswd',
      '/a%00.js',
      '/%E0%A4%A',
    ]) {
      expect(await resolveStaticFile(root, path), path).toBeNull();
    }
  });
});

describe('the launch code in the page URL', () => {
  const storage = () => {
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
  };

  it('leaves the address bar at once, is traded once, and the session stays in the tab for reloads', async () => {
    const store = storage();
    const replaced: string[] = [];
    const history = { replaceState: (_d: unknown, _u: string, url: string) => void replaced.push(url) };
    const traded: string[] = [];
    const redeem = async (code: string) => {
      // The fragment is gone before the exchange is even sent.
      expect(replaced).toEqual(['/#view=gallery']);
      traded.push(code);
      return 'session-1';
    };
    expect(await hostSessionToken({ hash: '#launch=abc_-1&view=gallery', pathname: '/', search: '' }, history, store, redeem)).toBe(
      'session-1',
    );
    expect(traded).toEqual(['abc_-1']);
    expect([...store.map.values()]).toEqual(['session-1']);
    // A reload: no code in the URL, the tab's session is used and nothing is traded.
    expect(await hostSessionToken({ hash: '', pathname: '/', search: '' }, history, store, redeem)).toBe('session-1');
    expect(traded).toEqual(['abc_-1']);
  });

  it('keeps the tab’s session when a spent code is opened again, and has none when neither works', async () => {
    const history = { replaceState: () => undefined };
    const refuse = async () => null;
    const store = storage();
    store.setItem('cast.hostSession', 'kept');
    expect(await hostSessionToken({ hash: '#launch=spent', pathname: '/', search: '' }, history, store, refuse)).toBe('kept');
    expect(await hostSessionToken({ hash: '#launch=spent', pathname: '/', search: '' }, history, storage(), refuse)).toBeNull();
    expect(await hostSessionToken({ hash: '#/gallery', pathname: '/', search: '' }, history, storage(), refuse)).toBeNull();
    const unreachable = async () => Promise.reject(new Error('offline'));
    expect(await hostSessionToken({ hash: '#launch=x', pathname: '/', search: '' }, history, storage(), unreachable)).toBeNull();
  });
});
