import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { SCREEN_LABELS, SCREENS, useNavigationStore, type Screen } from '../stores/navigationStore.ts';
import { selectInFlightCount, useJobsStore } from '../stores/jobsStore.ts';
import { CreditsIcon, GalleryIcon, QueueIcon, ScenesIcon, SettingsIcon, StudioIcon, VoicesIcon } from '../ui/icons.tsx';
import { SHORTCUT_HINT } from './useShortcuts.ts';

const ICONS: Record<Screen, () => ReactNode> = {
  studio: StudioIcon,
  gallery: GalleryIcon,
  voices: VoicesIcon,
  scenes: ScenesIcon,
  credits: CreditsIcon,
  queue: QueueIcon,
  settings: SettingsIcon,
};

/** The screens, as a list of buttons; the current one is marked for assistive technology. */
export function NavBar() {
  const { screen, go, closeCharacter } = useNavigationStore(
    useShallow((s) => ({ screen: s.screen, go: s.go, closeCharacter: s.closeCharacter })),
  );
  const inFlight = useJobsStore(selectInFlightCount);
  return (
    <nav className="nav" aria-label="Screens">
      <ul className="nav-list">
        {SCREENS.map((name, index) => {
          const Icon = ICONS[name];
          const current = name === screen;
          return (
            <li key={name}>
              <button
                type="button"
                className={`nav-item${current ? ' nav-item-current' : ''}`}
                aria-current={current ? 'page' : undefined}
                data-nav={name}
                title={`${SCREEN_LABELS[name]} (${SHORTCUT_HINT}+${index + 1})`}
                aria-keyshortcuts={`Control+${index + 1}`}
                onClick={() => {
                  // Studio from anywhere goes back to the cast, like a tab bar's home.
                  if (name === 'studio' && current) closeCharacter();
                  go(name);
                }}
              >
                <Icon />
                <span className="nav-label">{SCREEN_LABELS[name]}</span>
                {name === 'queue' && inFlight > 0 ? (
                  <span className="nav-count" aria-label={`${inFlight} in flight`}>
                    {inFlight}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
