import { protocol } from 'electron';
import type { CatalogLocale } from '../../shared/i18n/locales.ts';
import type { Screen } from '../../shared/ipc/screens.ts';
import { appResponse } from './appResponse.ts';
import { APP_SCHEME, MEDIA_SCHEME } from './appUrls.ts';
import { mediaResponse, type MediaFileResolver } from './mediaResponse.ts';

/**
 * Must run before the app is ready. Both schemes are standard and secure (so the page has a real
 * origin and a secure context); media may stream (video seeks with byte ranges) and is fetched by
 * the page across origins (the waveform reads the bytes), so it supports fetch and CORS and answers
 * the app's origin only. Neither bypasses the CSP.
 */
export function registerPrivilegedSchemes(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } },
    { scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, stream: true } },
  ]);
}

/** `castapp://studio/…`: the built renderer, every response with the CSP; the page preloads `startScreen`'s code and `catalog`. */
export function handleAppProtocol(rendererDir: string, csp: string, startScreen: Screen | null, catalog: () => CatalogLocale): void {
  protocol.handle(APP_SCHEME, (request) => appResponse(request, rendererDir, csp, startScreen, catalog));
}

/** `casmedia://media/<id>`: library files by content id only, with byte ranges; 404 for unknown ids. */
export function handleMediaProtocol(resolve: MediaFileResolver): void {
  protocol.handle(MEDIA_SCHEME, (request) => mediaResponse(request, resolve));
}
