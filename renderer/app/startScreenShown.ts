import { galleryFirstScreenPainted } from '../features/gallery/firstScreenPainted.ts';
import type { Screen } from '../stores/navigationStore.ts';

let shown: Promise<void> | null = null;

/**
 * Starts watching the screen the page opens on, once it is known and before it first renders;
 * resolves once that screen's first screenful is shown (the same promise for the page's whole life).
 *
 * Work that screen does not need waits for it rather than run beside it on a machine with few
 * cores: the reads of the account, the cast and the jobs (their answers re-render the app's frame,
 * and the account's first read loads core's HTTP client) and the fetch of the other screens' code.
 * Only the gallery opens on a screenful of its own data (its rows are read ahead, its thumbnails
 * come from the library's folder), so only its thumbnails are waited for, a second at most; every
 * other screen, the cast's first, needs those reads to show anything, and waits for nothing.
 */
export function watchStartScreen(screen: Screen | null): Promise<void> {
  shown ??= screen === 'gallery' ? galleryFirstScreenPainted() : Promise.resolve();
  return shown;
}

/** Resolves once the start screen is shown (see watchStartScreen); at once if none is watched. */
export function startScreenShown(): Promise<void> {
  return shown ?? Promise.resolve();
}
