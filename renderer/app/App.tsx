import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppInfoStore } from '../stores/appInfoStore.ts';
import { useConnectionStore } from '../stores/connectionStore.ts';
import { Toasts } from '../ui/Toasts.tsx';
import { InlineError } from '../ui/InlineError.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { AppHeader } from './AppHeader.tsx';
import { LibraryHealthBanner } from '../features/settings/LibraryHealthBanner.tsx';
import { BridgeStatusBanner } from './BridgeStatusBanner.tsx';
import { NavBar } from './NavBar.tsx';
import { Onboarding } from './Onboarding.tsx';
import { ScreenOutlet } from './ScreenOutlet.tsx';
import { SkipToContent, SkipToScreenTarget } from './SkipLinks.tsx';
import { startApp } from './startApp.ts';
import { useShortcuts } from './useShortcuts.ts';
import { useTheme } from './useTheme.ts';
import './app.css';

/** The app frame: header, navigation, the current screen, onboarding on first run, toasts. */
export function App() {
  const { ready, infoError } = useAppInfoStore(useShallow((s) => ({ ready: s.info !== null, infoError: s.error })));
  const needsOnboarding = useConnectionStore((s) => s.connection !== null && !s.connection.onboarded);

  useEffect(() => startApp(), []);
  useTheme();
  useShortcuts();

  // Tests and the shells wait on this: the host has answered app.info.
  useEffect(() => {
    if (ready) document.documentElement.dataset.appReady = 'true';
    else delete document.documentElement.dataset.appReady;
  }, [ready]);

  if (!ready) {
    return (
      <div className="app-loading">
        {infoError ? (
          <div className="app-loading-error">
            <h1>Cast Studio could not start</h1>
            <InlineError error={infoError} />
          </div>
        ) : (
          <>
            <Spinner label="Starting Cast Studio" />
            <span>Starting Cast Studio…</span>
          </>
        )}
      </div>
    );
  }

  return (
    <>
      <SkipToContent />
      <div className="app">
        <AppHeader />
        <BridgeStatusBanner />
        <LibraryHealthBanner />
        <div className="app-body">
          <NavBar />
          <main id="main" className="app-main" tabIndex={-1}>
            <SkipToScreenTarget />
            <ScreenOutlet />
          </main>
        </div>
      </div>
      <Onboarding open={needsOnboarding} />
      <Toasts />
    </>
  );
}
