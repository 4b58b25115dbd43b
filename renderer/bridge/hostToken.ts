const STORAGE_KEY = 'cast.hostToken';

type LocationLike = { hash: string; pathname: string; search: string };
type HistoryLike = { replaceState(data: unknown, unused: string, url: string): void };
type StorageLike = { getItem(key: string): string | null; setItem(key: string, value: string): void };

/**
 * The browser host prints `http://127.0.0.1:PORT/#token=…`. The fragment never reaches a server or
 * a Referer; the page moves the token into sessionStorage (so a reload in the same tab still works)
 * and takes it out of the address bar, keeping whatever else the fragment held.
 */
export function takeHostToken(location: LocationLike, history: HistoryLike, storage: StorageLike): string | null {
  const match = /^#token=([A-Za-z0-9_-]+)(?:&(.*))?$/.exec(location.hash);
  if (match?.[1]) {
    storage.setItem(STORAGE_KEY, match[1]);
    const rest = match[2] ? `#${match[2]}` : '';
    history.replaceState(null, '', `${location.pathname}${location.search}${rest}`);
    return match[1];
  }
  return storage.getItem(STORAGE_KEY);
}
