import { listen } from '../bridge/invoke.ts';
import { describeError } from '../errors/errorMessages.ts';
import { jobTitleText } from '../ui/JobTitleLabel.tsx';
import { useCreditsStore } from '../features/credits/creditsStore.ts';
import { useBulkStore } from '../features/gallery/bulkStore.ts';
import { useCollectionsStore } from '../features/gallery/collectionsStore.ts';
import { useDetailStore } from '../features/gallery/detailStore.ts';
import { useGalleryStore } from '../features/gallery/galleryStore.ts';
import { useSelectionStore } from '../features/gallery/selectionStore.ts';
import { useLibraryInfoStore } from '../features/settings/libraryInfoStore.ts';
import { useCastStore } from '../features/scenes/castStore.ts';
import { useScenesStore } from '../features/scenes/scenesStore.ts';
import { useProfilesStore } from '../features/settings/profilesStore.ts';
import { useSyncStore } from '../features/settings/syncStore.ts';
import { useCharacterGenerationsStore } from '../features/studio/characterGenerationsStore.ts';
import { useTracksStore } from '../features/voices/tracksStore.ts';
import { useVoicesStore } from '../features/voices/voicesStore.ts';
import type { EventPayload, Connection, Job } from '../../shared/ipc/index.ts';
import { useAccountStore } from '../stores/accountStore.ts';
import { useCharactersStore } from '../stores/charactersStore.ts';
import { useConnectionStore } from '../stores/connectionStore.ts';
import { useDiskSpaceStore } from '../stores/diskSpaceStore.ts';
import { useJobsInFlightStore } from '../stores/jobsInFlight.ts';
import { useJobsStore } from '../stores/jobsStore.ts';
import { useNavigationStore, type Screen } from '../stores/navigationStore.ts';
import { useServiceFactsStore } from '../stores/serviceFactsStore.ts';
import { useToastStore } from '../stores/toastStore.ts';
import { useUpdatesStore } from '../stores/updatesStore.ts';
import { useCoreStateStore } from './coreStateStore.ts';

/**
 * The one place core's events become state (docs/ARCHITECTURE.md, "How the code reads"): each event is subscribed here once and
 * handed to the stores that keep what it changes. Screens only read stores and call actions.
 *
 * A screen's own lists (the gallery's pages, the voice lab's tracks, the credits' history) follow
 * the events only while that screen is shown; it reads them afresh when it opens.
 */
export function subscribeToBridgeEvents(onConnectionChanged: (connection: Connection) => void): () => void {
  const stops = [
    listen('job.updated', applyJob),
    listen('character.updated', (character) => useCharactersStore.getState().apply(character)),
    listen('library.updated', (update) => {
      useCharacterGenerationsStore.getState().applyUpdate(update);
      if (shown('gallery')) applyToGallery(update);
      if (shown('voices') && (update.removedIds.length > 0 || update.items.some((item) => item.kind === 'audio')))
        useTracksStore.getState().scheduleReload();
    }),
    // The open item's media fetched on demand shows how far it has come.
    listen('download.progress', (progress) => {
      if (shown('gallery')) useDetailStore.getState().downloadProgress(progress);
    }),
    // …or why it did not come.
    listen('download.failed', (failure) => {
      if (shown('gallery')) useDetailStore.getState().downloadFailed(failure);
    }),
    listen('credits.changed', ({ balance }) => {
      useAccountStore.getState().setBalance(balance);
      if (shown('credits')) useCreditsStore.getState().scheduleReload();
    }),
    listen('voices.updated', () => {
      if (shown('voices')) useVoicesStore.getState().scheduleReload();
    }),
    listen('audio.updated', () => {
      if (shown('voices')) useTracksStore.getState().scheduleReload();
    }),
    listen('scene.updated', (scene) => useScenesStore.getState().apply(scene)),
    listen('scene.removed', ({ id }) => useScenesStore.getState().applyRemoved(id)),
    listen('collections.changed', ({ collections }) => useCollectionsStore.getState().apply(collections)),
    listen('scene.presence', ({ sceneId, others }) => useScenesStore.getState().applyPresence(sceneId, others)),
    listen('cast.changed', ({ characterId, voice }) => useCastStore.getState().applyVoice(characterId, voice)),
    listen('health.changed', (health) => useLibraryInfoStore.getState().applyHealth(health)),
    listen('disk.changed', (space) => useDiskSpaceStore.getState().apply(space)),
    listen('updates.changed', (status) => useUpdatesStore.getState().apply(status)),
    listen('core.changed', (core) => useCoreStateStore.getState().apply(core)),
    listen('service.learned', (facts) => useServiceFactsStore.getState().apply(facts)),
    listen('export.progress', (progress) => useBulkStore.getState().applyExportProgress(progress)),
    listen('connection.changed', followConnection(onConnectionChanged)),
    listen('spaces.changed', (status) => useSyncStore.getState().apply(status)),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

function applyJob(job: Job): void {
  useJobsInFlightStore.getState().apply(job);
  const jobs = useJobsStore.getState();
  const before = jobs.jobs[job.id];
  jobs.apply(job);
  if (job.state === 'failed' && before?.state !== 'failed' && job.error) {
    const { title, error } = job;
    useToastStore
      .getState()
      .show(
        (formats) => formats.text('queue.toast.failed', { title: jobTitleText(title, formats), error: describeError(error, formats) }),
        'error',
      );
  }
}

/** Hands each connection to the stores; a switch to another connection reads its work in flight afresh. */
function followConnection(onConnectionChanged: (connection: Connection) => void): (connection: Connection) => void {
  let profileId: string | null | undefined;
  return (connection) => {
    // Another connection's work in flight is not this one's.
    const id = connection.profile?.id ?? null;
    if (profileId !== undefined && id !== profileId) {
      useJobsInFlightStore.getState().reset();
      void useJobsInFlightStore.getState().load();
    }
    profileId = id;
    useConnectionStore.getState().apply(connection);
    useProfilesStore.getState().applyConnection(connection);
    onConnectionChanged(connection);
  };
}

function shown(screen: Screen): boolean {
  return useNavigationStore.getState().screen === screen;
}

/** New, changed and removed items reach the grid, the selection, the open item and the collections' counts. */
function applyToGallery({ items, removedIds }: EventPayload<'library.updated'>): void {
  useGalleryStore.getState().applyUpdate(items, removedIds);
  useSelectionStore.getState().forget(removedIds);
  const open = useDetailStore.getState().item;
  const fresh = open && items.find((item) => item.id === open.id);
  if (fresh) useDetailStore.getState().refreshItem(fresh);
  if (open && removedIds.includes(open.id)) useDetailStore.getState().close();
  if (removedIds.length > 0 || items.some((item) => item.collections.length > 0)) void useCollectionsStore.getState().load();
}
