import { invoke } from '../bridge/invoke.ts';
import { useGalleryStore } from '../features/gallery/galleryStore.ts';
import { useLibraryInfoStore } from '../features/settings/libraryInfoStore.ts';
import { useAccountStore } from '../stores/accountStore.ts';
import { useAppInfoStore } from '../stores/appInfoStore.ts';
import { useCapabilitiesStore } from '../stores/capabilitiesStore.ts';
import { useCharactersStore } from '../stores/charactersStore.ts';
import { useConnectionStore } from '../stores/connectionStore.ts';
import { useDiskSpaceStore } from '../stores/diskSpaceStore.ts';
import { useJobsStore } from '../stores/jobsStore.ts';
import { useJobsInFlightStore } from '../stores/jobsInFlight.ts';
import { useNavigationStore } from '../stores/navigationStore.ts';
import { useServiceFactsStore } from '../stores/serviceFactsStore.ts';
import { useSettingsStore } from '../stores/settingsStore.ts';
import { useUpdatesStore } from '../stores/updatesStore.ts';
import { useCrashStore } from '../stores/crashStore.ts';
import { subscribeToBridgeEvents } from './bridgeEvents.ts';
import { startScreenShown, watchStartScreen } from './startScreenShown.ts';
import { openStartScreen } from './startScreen.ts';

/** Everything that belongs to the active connection; read again when the connection switches. */
function loadConnectionData(): void {
  void useAccountStore.getState().load();
  void useCharactersStore.getState().load();
  void useJobsStore.getState().load();
  void useJobsInFlightStore.getState().load();
  void useCapabilitiesStore.getState().load();
  void useLibraryInfoStore.getState().loadHealth();
  void useDiskSpaceStore.getState().load();
  void useServiceFactsStore.getState().load();
}

/**
 * Subscribes the stores to the bridge's events (app/bridgeEvents.ts) and makes the first reads.
 * Returns the teardown.
 * `app.info` comes first: until the host has answered it, nothing else can work.
 */
export function startApp(): () => void {
  let activeProfileId: string | null | undefined;
  const unsubscribe = subscribeToBridgeEvents((connection) => {
    const id = connection.profile?.id ?? null;
    if (activeProfileId !== undefined && id !== activeProfileId) loadConnectionData();
    activeProfileId = id;
  });
  // Core keeps the screen for the app's next run, which opens on it.
  const stopKeepingScreen = useNavigationStore.subscribe((state, previous) => {
    if (state.screen !== previous.screen) void invoke('app.screenShown', { screen: state.screen });
  });

  void (async () => {
    await useAppInfoStore.getState().load(async (info) => {
      // Opening on the gallery: its first rows are asked for now, while its code arrives and the
      // frame renders, so that they are there (and their thumbnails on their way) when it first shows.
      if (info.startScreen === 'gallery') useGalleryStore.getState().readAhead(true, info.mediaBase);
      await openStartScreen(info);
      void watchStartScreen(useNavigationStore.getState().screen);
    });
    if (!useAppInfoStore.getState().info) return;
    await useConnectionStore.getState().load();
    activeProfileId = useConnectionStore.getState().connection?.profile?.id ?? null;
    // What the first screen does not need waits for it to show (app/startScreenShown.ts).
    await startScreenShown();
    void useSettingsStore.getState().load();
    void useUpdatesStore.getState().load();
    void useCrashStore.getState().load();
    loadConnectionData();
    // The library is read from this computer's database, connected or not: its first page is ready
    // before the gallery is opened.
    useGalleryStore.getState().readAhead();
  })();

  return () => {
    unsubscribe();
    stopKeepingScreen();
  };
}
