import { useEffect, useRef } from 'react';
import { useNavigationStore, type Screen } from '../stores/navigationStore.ts';
import { CreditsScreen } from '../features/credits/CreditsScreen.tsx';
import { GalleryScreen } from '../features/gallery/GalleryScreen.tsx';
import { QueueScreen } from '../features/queue/QueueScreen.tsx';
import { ScenesScreen } from '../features/scenes/ScenesScreen.tsx';
import { SettingsScreen } from '../features/settings/SettingsScreen.tsx';
import { StudioScreen } from '../features/studio/StudioScreen.tsx';
import { VoicesScreen } from '../features/voices/VoicesScreen.tsx';
import { ScreenErrorBoundary } from './ScreenErrorBoundary.tsx';

const SCREEN_COMPONENTS: Record<Screen, () => React.JSX.Element> = {
  studio: StudioScreen,
  gallery: GalleryScreen,
  voices: VoicesScreen,
  scenes: ScenesScreen,
  credits: CreditsScreen,
  queue: QueueScreen,
  settings: SettingsScreen,
};

/**
 * The current screen; moving between screens puts focus at the top of the new one. A screen that
 * throws while rendering shows a panel in its place (ScreenErrorBoundary), inside the same outlet.
 */
export function ScreenOutlet() {
  const screen = useNavigationStore((s) => s.screen);
  const Current = SCREEN_COMPONENTS[screen];
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [screen]);
  return (
    <div className="screen-outlet" data-screen={screen}>
      <ScreenErrorBoundary screen={screen}>
        <Current />
      </ScreenErrorBoundary>
    </div>
  );
}
