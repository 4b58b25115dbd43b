import { AppFailure } from '../../ipc/appFailure.ts';

/** Hosts a plain http:// server may have: this computer only, where nothing crosses a network. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A sync server's address as a person typed it, checked: https://, or http:// to this computer
 * (the member token travels with every request, so nothing else may carry it in the clear); no
 * user name, password, query or fragment. Answers the address without a trailing slash.
 */
export function checkServerUrl(typed: string): string {
  let url: URL;
  try {
    url = new URL(typed.trim());
  } catch {
    throw new AppFailure('space_server_invalid', {}, { field: 'serverUrl' });
  }
  const secure = url.protocol === 'https:';
  const local = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (!secure && !local) throw new AppFailure('space_server_invalid', {}, { field: 'serverUrl' });
  if (url.username || url.password || url.search || url.hash) throw new AppFailure('space_server_invalid', {}, { field: 'serverUrl' });
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
