import type { ComponentType } from 'react';
import { lazyComponent, type LazyComponent } from '../ui/lazyComponent.ts';
import { preloadGalleryParts } from '../features/gallery/galleryParts.ts';
import type { Screen } from '../stores/navigationStore.ts';
import { startScreenShown } from './startScreenShown.ts';

type LazyScreen = LazyComponent<object>;
const lazyScreen = lazyComponent<object>;

/**
 * Every screen is a chunk of its own, the cast's (the studio) too: the first script carries the
 * app's frame only, and the shell's page names the start screen's chunk and the one chunk of code
 * the screens share (vite.config.ts) beside it (electron/core/app/startScreenPage.ts), so the three
 * arrive together.
 */
const LAZY_SCREENS: Record<Screen, LazyScreen> = {
  studio: lazyScreen(() => import('../features/studio/StudioScreen.tsx').then((m) => m.StudioScreen)),
  gallery: lazyScreen(() => import('../features/gallery/GalleryScreen.tsx').then((m) => m.GalleryScreen)),
  voices: lazyScreen(() => import('../features/voices/VoicesScreen.tsx').then((m) => m.VoicesScreen)),
  scenes: lazyScreen(() => import('../features/scenes/ScenesScreen.tsx').then((m) => m.ScenesScreen)),
  credits: lazyScreen(() => import('../features/credits/CreditsScreen.tsx').then((m) => m.CreditsScreen)),
  queue: lazyScreen(() => import('../features/queue/QueueScreen.tsx').then((m) => m.QueueScreen)),
  settings: lazyScreen(() => import('../features/settings/SettingsScreen.tsx').then((m) => m.SettingsScreen)),
};

export const SCREEN_COMPONENTS: Record<Screen, ComponentType> = {
  studio: LAZY_SCREENS.studio.Component,
  gallery: LAZY_SCREENS.gallery.Component,
  voices: LAZY_SCREENS.voices.Component,
  scenes: LAZY_SCREENS.scenes.Component,
  credits: LAZY_SCREENS.credits.Component,
  queue: LAZY_SCREENS.queue.Component,
  settings: LAZY_SCREENS.settings.Component,
};

/** Fetches and runs a screen's chunk; rejects when it cannot be fetched. */
export function preloadScreen(screen: Screen): Promise<unknown> {
  return LAZY_SCREENS[screen].preload();
}

/** Whether the screen can render at once: its chunk has arrived. */
export function screenLoaded(screen: Screen): boolean {
  return LAZY_SCREENS[screen].loaded();
}

/**
 * Fetches the gallery's chunk right after the app's first render (it is where people go first,
 * and the library's first page is read ahead for it), and every other screen's (and the gallery's
 * parts its first screen does not show, features/gallery/galleryParts.ts) once the start screen is
 * shown (app/startScreenShown.ts) and the page has a moment to spare, so that moving to a screen
 * later never waits on a fetch. Returns a cancel.
 */
export function preloadScreens(): () => void {
  // A failed fetch is tried again when the screen is opened, where a failure shows its problem panel.
  const preload = (screen: LazyScreen) => void screen.preload().catch(() => undefined);
  preload(LAZY_SCREENS.gallery);
  let cancelled = false;
  let handle: number | undefined;
  void startScreenShown().then(() => {
    if (!cancelled)
      handle = requestIdleCallback(
        () => {
          Object.values(LAZY_SCREENS).forEach(preload);
          preloadGalleryParts();
        },
        { timeout: 1000 },
      );
  });
  return () => {
    cancelled = true;
    if (handle !== undefined) cancelIdleCallback(handle);
  };
}
