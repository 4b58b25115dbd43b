import { describe, expect, it } from 'vitest';
import { APP_ORIGIN, originOf } from '../../../../electron/main/appUrls.ts';
import { checkSender, type FrameLike } from '../../../../electron/main/senderPolicy.ts';

const frame = (url: string, parent: FrameLike | null = null): FrameLike => ({ url, parent });

describe('IPC sender validation', () => {
  const main = frame(`${APP_ORIGIN}/index.html`);
  const expected = { mainFrame: main, origin: APP_ORIGIN };

  it('accepts the main frame of our window on the app origin', () => {
    expect(checkSender(main, expected)).toEqual({ ok: true });
  });

  it('refuses a null sender frame (navigated away or destroyed)', () => {
    expect(checkSender(null, expected)).toMatchObject({ ok: false, reason: 'the sending frame is gone' });
    expect(checkSender(undefined, expected).ok).toBe(false);
  });

  it('refuses a subframe, even one of the app origin', () => {
    expect(checkSender(frame(`${APP_ORIGIN}/index.html`, main), expected)).toMatchObject({
      ok: false,
      reason: 'the message came from a subframe',
    });
    expect(checkSender(frame('https://evil.example/', main), expected).ok).toBe(false);
  });

  it('refuses the main frame of another window', () => {
    const other = frame(`${APP_ORIGIN}/index.html`);
    expect(checkSender(other, expected)).toMatchObject({ ok: false, reason: 'the message came from a frame that is not our window' });
  });

  it('refuses when there is no window to compare with', () => {
    expect(checkSender(main, { mainFrame: null, origin: APP_ORIGIN }).ok).toBe(false);
  });

  it('refuses our main frame once it shows a page of another origin', () => {
    for (const url of ['https://evil.example/', 'file:///etc/passwd', 'about:blank', 'castapp://other/index.html', 'data:text/html,hi']) {
      const navigated = frame(url);
      expect(checkSender(navigated, { mainFrame: navigated, origin: APP_ORIGIN }).ok, url).toBe(false);
    }
  });

  it('reads origins of custom schemes, which URL.origin calls "null"', () => {
    expect(new URL(`${APP_ORIGIN}/x`).origin).toBe('null');
    expect(originOf(`${APP_ORIGIN}/assets/app.js?x=1#y`)).toBe(APP_ORIGIN);
    expect(originOf('about:blank')).toBeNull();
    expect(originOf('not a url')).toBeNull();
  });
});
