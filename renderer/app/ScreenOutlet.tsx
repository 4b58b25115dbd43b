import { Suspense, useDeferredValue, useEffect, useRef } from 'react';
import { useNavigationStore } from '../stores/navigationStore.ts';
import { retryFailedChunks } from '../ui/lazyComponent.ts';
import { preloadScreens, SCREEN_COMPONENTS, screenLoaded } from './lazyScreens.ts';
import { ScreenErrorBoundary } from './ScreenErrorBoundary.tsx';

/**
 * The current screen; moving between screens puts focus at the top of the new one. A screen that
 * throws while rendering shows a panel in its place (ScreenErrorBoundary), inside the same outlet.
 * Screens load as their own chunks: the start screen's before the first render (app/startScreen.ts),
 * the others fetched ahead after it (app/lazyScreens.ts). One opened before its chunk is here
 * leaves the current screen in place, marked busy, until it is: an empty outlet (Suspense's
 * fallback) would flash, and React holds back what replaces a fallback for 300 ms. The outlet names
 * the screen it shows, so it names a new one once that one has rendered.
 */
export function ScreenOutlet() {
  const screen = useNavigationStore((s) => s.screen);
  const deferred = useDeferredValue(screen);
  const shown = screenLoaded(screen) ? screen : deferred;
  const Current = SCREEN_COMPONENTS[shown];
  const first = useRef(true);
  useEffect(() => preloadScreens(), []);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [shown]);
  return (
    <Suspense fallback={<div className="screen-outlet" aria-busy="true" data-screen-loading={shown} />}>
      <div
        className="screen-outlet"
        data-screen={shown}
        aria-busy={shown !== screen || undefined}
        data-screen-pending={shown !== screen ? screen : undefined}
      >
        {/* "Try again" asks again for every chunk that could not be fetched: the screen's and its parts'. */}
        <ScreenErrorBoundary screen={shown} onRetry={retryFailedChunks}>
          <Current />
        </ScreenErrorBoundary>
      </div>
    </Suspense>
  );
}
