import type { AppInfo } from '../stores/appInfoStore.ts';
import { useNavigationStore } from '../stores/navigationStore.ts';
import { preloadScreen } from './lazyScreens.ts';

/** How long the app's start waits for the start screen's code before it shows the frame anyway. */
const CODE_WAIT_MS = 2_000;

let opened = false;

/**
 * Opens the screen core says the app was last on (`app.info`'s `startScreen`), once per page and
 * only while the page is still where every page starts (the cast): a later answer never moves a
 * person who has gone elsewhere.
 *
 * Called before the app's frame first renders, it also waits for the code of the screen the page
 * opens on, the cast's too: the frame and the screen then render whole in one go. Rendered before
 * its code had arrived, the screen would suspend, and React renders what a suspense was waiting for
 * in slices that yield to everything else the page does at start. A fetch that fails or hangs is
 * left to the screen's own problem panel once the frame shows.
 */
export async function openStartScreen(info: AppInfo): Promise<void> {
  if (!opened) {
    opened = true;
    const navigation = useNavigationStore.getState();
    const screen = info.startScreen;
    if (screen && navigation.screen === 'studio' && navigation.characterId === null) navigation.go(screen);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    preloadScreen(useNavigationStore.getState().screen).catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CODE_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
}
