import type { Session } from 'electron';

/** Permissions the studio uses: copying text, and full screen for video. Everything else is denied. */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write', 'fullscreen']);

/**
 * The session's rules: the CSP header on every page it loads, permissions denied unless the app
 * uses them and the app's own page asks, no device access, no downloads the page starts on its own
 * (Save as… goes through main).
 */
export function applySessionPolicy(session: Session, options: { appOrigin: string; csp: string }): void {
  const fromApp = (url: string | undefined) => typeof url === 'string' && url.startsWith(`${options.appOrigin}/`);

  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(ALLOWED_PERMISSIONS.has(permission) && fromApp(details.requestingUrl));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => {
    return ALLOWED_PERMISSIONS.has(permission) && (requestingOrigin === options.appOrigin || fromApp(requestingOrigin));
  });
  session.setDevicePermissionHandler(() => false);
  session.setDisplayMediaRequestHandler((_request, callback) => callback({}));

  session.webRequest.onHeadersReceived((details, callback) => {
    const isDocument = details.resourceType === 'mainFrame' || details.resourceType === 'subFrame';
    if (!isDocument) return callback({});
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [options.csp] } });
  });

  session.on('will-download', (event) => event.preventDefault());
}
