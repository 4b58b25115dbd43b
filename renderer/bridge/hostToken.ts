const STORAGE_KEY = 'cast.hostSession';

type LocationLike = { hash: string; pathname: string; search: string };
type HistoryLike = { replaceState(data: unknown, unused: string, url: string): void };
type StorageLike = { getItem(key: string): string | null; setItem(key: string, value: string): void };
/** Trades a launch code for a session token (POST /session); null when the host refuses it. */
type Redeem = (launchCode: string) => Promise<string | null>;

/**
 * The browser host opens `http://127.0.0.1:PORT/#launch=<code>`. The code works once, within a
 * minute, so the page takes it out of the address bar before anything else and trades it for a
 * session token, which it keeps in sessionStorage: bound to this exact origin (port included) and
 * this tab, so a reload keeps working and no other server or tab ever sees it. Without a code (a
 * reload), the tab's stored token is used. Null: neither works, the page must be opened again.
 */
export async function hostSessionToken(
  location: LocationLike,
  history: HistoryLike,
  storage: StorageLike,
  redeem: Redeem,
): Promise<string | null> {
  const match = /^#launch=([A-Za-z0-9_-]+)(?:&(.*))?$/.exec(location.hash);
  if (!match?.[1]) return storage.getItem(STORAGE_KEY);
  const rest = match[2] ? `#${match[2]}` : '';
  history.replaceState(null, '', `${location.pathname}${location.search}${rest}`);
  const token = await redeem(match[1]).catch(() => null);
  if (!token) return storage.getItem(STORAGE_KEY);
  storage.setItem(STORAGE_KEY, token);
  return token;
}
