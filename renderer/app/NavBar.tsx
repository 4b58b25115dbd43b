import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { SCREENS, useNavigationStore, type Screen } from '../stores/navigationStore.ts';
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
  const intl = useIntl();
  return (
    <nav className="nav" aria-label={intl.formatMessage({ id: 'nav.label' })}>
      <ul className="nav-list">
        {SCREENS.map((name, index) => {
          const Icon = ICONS[name];
          const current = name === screen;
          const label = intl.formatMessage({ id: `nav.screen.${name}` });
          return (
            <li key={name}>
              <button
                type="button"
                className={`nav-item${current ? ' nav-item-current' : ''}`}
                aria-current={current ? 'page' : undefined}
                data-nav={name}
                title={intl.formatMessage({ id: 'nav.shortcut' }, { screen: label, keys: `${SHORTCUT_HINT}+${index + 1}` })}
                aria-keyshortcuts={`Control+${index + 1}`}
                onClick={() => {
                  // Studio from anywhere goes back to the cast, like a tab bar's home.
                  if (name === 'studio' && current) closeCharacter();
                  go(name);
                }}
              >
                <Icon />
                <span className="nav-label">{label}</span>
                {name === 'queue' && inFlight > 0 ? (
                  <span className="nav-count" aria-label={intl.formatMessage({ id: 'nav.inFlight' }, { count: inFlight })}>
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
