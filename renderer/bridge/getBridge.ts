import type { Bridge } from '../../shared/ipc/index.ts';
import { takeHostToken } from './hostToken.ts';
import { WebSocketBridge } from './webSocketBridge.ts';

declare global {
  interface Window {
    /** Set by the Electron preload: a frozen object with exactly `invoke` and `on`. */
    readonly cast?: Bridge;
  }
}

/** Header the browser host's token exchange reads (POST /session sets the media cookie). */
export const TOKEN_HEADER = 'X-Cast-Token';

let bridge: Bridge | null = null;

/**
 * The one bridge of this page: Electron's preload when it is there, otherwise a WebSocket to the
 * browser host that served the page. The renderer never needs to know which.
 */
export function getBridge(): Bridge {
  bridge ??= window.cast ?? connectToBrowserHost();
  return bridge;
}

/** The WebSocket bridge when the page runs in the browser host, for its connection banner. */
export function getWebSocketBridge(): WebSocketBridge | null {
  const current = getBridge();
  return current instanceof WebSocketBridge ? current : null;
}

function connectToBrowserHost(): WebSocketBridge {
  const token = takeHostToken(window.location, window.history, window.sessionStorage) ?? '';
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return new WebSocketBridge({
    url: `${scheme}//${window.location.host}/bridge`,
    token,
    // Trade the token for an HttpOnly cookie, so <img> and <video> can load /media/<id> without the
    // token sitting in the DOM.
    beforeConnect: async () => {
      const response = await fetch('/session', { method: 'POST', headers: { [TOKEN_HEADER]: token }, credentials: 'same-origin' });
      if (!response.ok) throw new Error(`The host refused the session (${response.status}).`);
    },
  });
}
