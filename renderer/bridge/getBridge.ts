import type { Bridge } from '../../shared/ipc/index.ts';
import { hostSessionToken } from './hostToken.ts';
import { WebSocketBridge } from './webSocketBridge.ts';

declare global {
  interface Window {
    /** Set by the Electron preload: a frozen object with exactly `invoke`, `on` and the system's languages. */
    readonly cast?: Bridge & { readonly systemLanguages?: readonly string[] };
  }
}

/** Header the browser host's launch exchange reads (POST /session answers `{token}`). */
export const LAUNCH_HEADER = 'X-Cast-Launch';

let bridge: Bridge | null = null;

/**
 * The one bridge of this page: Electron's preload when it is there, otherwise a WebSocket to the
 * browser host that served the page. The renderer never needs to know which.
 */
export function getBridge(): Bridge {
  bridge ??= window.cast ?? connectToBrowserHost();
  return bridge;
}

/** The WebSocket bridge when the page runs in the browser host, for its connection banner and uploads. */
export function getWebSocketBridge(): WebSocketBridge | null {
  const current = getBridge();
  return current instanceof WebSocketBridge ? current : null;
}

function connectToBrowserHost(): WebSocketBridge {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return new WebSocketBridge({
    url: `${scheme}//${window.location.host}/bridge`,
    // The launch code from the URL, traded once for a session token kept in sessionStorage.
    token: () => hostSessionToken(window.location, window.history, window.sessionStorage, redeemLaunchCode),
  });
}

async function redeemLaunchCode(code: string): Promise<string | null> {
  const response = await fetch('/session', { method: 'POST', headers: { [LAUNCH_HEADER]: code }, credentials: 'omit', cache: 'no-store' });
  if (!response.ok) return null;
  const body = (await response.json()) as { token?: unknown };
  return typeof body.token === 'string' ? body.token : null;
}
