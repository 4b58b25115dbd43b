import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { useAppInfoStore } from '../stores/appInfoStore.ts';
import { useConnectionStore } from '../stores/connectionStore.ts';
import { Toasts } from '../ui/Toasts.tsx';
import { InlineError } from '../ui/InlineError.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { AppHeader } from './AppHeader.tsx';
import { LibraryHealthBanner } from '../features/settings/LibraryHealthBanner.tsx';
import { BridgeStatusBanner, CoreStateNotice } from './BridgeStatusBanner.tsx';
import { CrashNotice } from './CrashNotice.tsx';
import { DiskSpaceBanner } from './DiskSpaceBanner.tsx';
import { useCoreStateStore, type CoreState } from './coreStateStore.ts';
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
  // Bumped to load the app again from the start: the first load failed because core was down, and it runs now.
  const [attempt, setAttempt] = useState(0);
  const loadAgain = useCallback(() => {
    useAppInfoStore.getState().reset();
    setAttempt((n) => n + 1);
  }, []);
  const { coreDown, asking } = useCoreWhileLoading(infoError !== null && !ready, loadAgain);
  const intl = useIntl();

  useEffect(() => startApp(), [attempt]);
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
        {coreDown ? (
          <div className="app-loading-error">
            {coreDown.state === 'stopped' ? <h1>{intl.formatMessage({ id: 'app.loading.coreDown' })}</h1> : <Spinner decorative />}
            <CoreStateNotice core={coreDown} className="app-loading-notice" />
          </div>
        ) : infoError && !asking ? (
          <div className="app-loading-error">
            <h1>{intl.formatMessage({ id: 'app.loading.failed' })}</h1>
            <InlineError error={infoError} />
          </div>
        ) : (
          <>
            <Spinner label={intl.formatMessage({ id: 'app.loading.label' })} />
            <span>{intl.formatMessage({ id: 'app.loading.starting' })}</span>
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
        <DiskSpaceBanner />
        <CrashNotice />
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

/**
 * A page that could not load asks the shell why: opened while core was given up (or starting
 * again), it heard no `core.changed`. Once core runs again after that, the page loads afresh.
 * `coreDown` is core's state while it is what keeps the page from loading; `asking` until the
 * shell has answered (the page keeps its spinner rather than flash an error).
 */
function useCoreWhileLoading(failed: boolean, loadAgain: () => void): { coreDown: CoreState | null; asking: boolean } {
  const { core, heard } = useCoreStateStore(useShallow((s) => ({ core: s.core, heard: s.heard })));
  const wasDown = useRef(false);
  useEffect(() => {
    if (failed) void useCoreStateStore.getState().load();
  }, [failed]);
  useEffect(() => {
    if (!failed || !core) return;
    if (core.state !== 'running') wasDown.current = true;
    else if (wasDown.current) {
      wasDown.current = false;
      loadAgain();
    }
  }, [failed, core, loadAgain]);
  return { coreDown: failed && core && core.state !== 'running' ? core : null, asking: failed && !heard };
}
