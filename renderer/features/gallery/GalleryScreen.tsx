import { Suspense, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { useAppInfoStore } from '../../stores/appInfoStore.ts';
import { useJobsInFlightStore } from '../../stores/jobsInFlight.ts';
import { useNavigationStore } from '../../stores/navigationStore.ts';
import { registerStoreReset } from '../../stores/resetStores.ts';
import { BulkBar } from './BulkBar.tsx';
import { useBulkStore } from './bulkStore.ts';
import { useCollectionsStore } from './collectionsStore.ts';
import { useCompareStore } from './compareStore.ts';
import { invoke } from '../../bridge/invoke.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useDetailStore } from './detailStore.ts';
import { COMPARE_VIEW, DETAIL_VIEW } from './galleryParts.ts';
import { startScreenShown } from '../../app/startScreenShown.ts';
import { GalleryCollections } from './GalleryCollections.tsx';
import { GalleryFilters } from './GalleryFilters.tsx';
import { GalleryGrid } from './GalleryGrid.tsx';
import { isFiltered, useGalleryStore } from './galleryStore.ts';
import { useGalleryViewStore } from './galleryViewStore.ts';
import { OfflineBanner } from '../../ui/OfflineBanner.tsx';
import { useSelectionStore } from './selectionStore.ts';
import './gallery.css';
import { Button } from '../../ui/Button.tsx';
import { SaidText } from '../../ui/SaidText.tsx';

for (const store of [
  useGalleryStore,
  useSelectionStore,
  useCollectionsStore,
  useBulkStore,
  useDetailStore,
  useCompareStore,
  useGalleryViewStore,
]) {
  registerStoreReset(() => store.getState().reset());
}

/** Everything the user made, from the local library: filter, search, select, open, reuse. */
export function GalleryScreen() {
  // Only what the screen shows: a filter change or a page arriving must not draw the whole screen again.
  const { empty, error, enter } = useGalleryStore(useShallow((s) => ({ empty: s.total === 0, error: s.error, enter: s.enter })));
  const pendingDelete = useBulkStore((s) => s.pendingDelete);
  const compareError = useCompareStore((s) => s.error);
  const shownError = error ?? compareError;
  const galleryItemId = useNavigationStore((s) => s.galleryItemId);
  // A first generation on its way shows as a placeholder tile, not as an empty library.
  const generating = useJobsInFlightStore((s) => Object.values(s.jobs).some((job) => job.kind === 'generation.create'));
  const viewsMounted = useViewsMounted();
  const intl = useIntl();
  const deleting = pendingDelete?.length ?? 0;

  useEffect(() => {
    if (!useAppInfoStore.getState().info) void useAppInfoStore.getState().load();
    void useCollectionsStore.getState().load();
    void enter();
  }, [enter]);

  // A notice about the last bulk action belongs to the view it was made in.
  useEffect(() => {
    useBulkStore.getState().dismiss();
    return useGalleryStore.subscribe((state, before) => {
      if (state.filter !== before.filter) useBulkStore.getState().dismiss();
    });
  }, []);

  // "Show in gallery" from a notification or another screen opens that item.
  useEffect(() => {
    if (!galleryItemId) return;
    useNavigationStore.setState({ galleryItemId: null });
    void invoke('library.get', { id: galleryItemId }).then((reply) => {
      if (reply.ok) useDetailStore.getState().open(reply.value, 'full');
    });
  }, [galleryItemId]);

  return (
    <section className="gallery-screen" aria-labelledby="gallery-heading">
      <h1 id="gallery-heading" className="visually-hidden">
        {intl.formatMessage({ id: 'nav.screen.gallery' })}
      </h1>
      <GalleryCollections />
      <div className="gallery-main">
        <OfflineBanner what={intl.formatMessage({ id: 'gallery.offline' })} />
        <GalleryFilters />
        <BulkBar />
        {shownError && (
          <p className="field-error" role="alert">
            <SaidText said={shownError} />
          </p>
        )}
        {empty && !generating ? <EmptyLibrary /> : <GalleryGrid />}
      </div>
      {viewsMounted && (
        <Suspense fallback={null}>
          <DETAIL_VIEW.Component />
          <COMPARE_VIEW.Component />
        </Suspense>
      )}
      <ConfirmDialog
        open={pendingDelete !== null}
        title={intl.formatMessage({ id: 'gallery.delete.title' }, { count: deleting })}
        confirmLabel={intl.formatMessage({ id: 'gallery.delete.confirm' })}
        danger
        name="confirm-delete"
        onConfirm={() => void useBulkStore.getState().confirmDelete()}
        onClose={() => useBulkStore.getState().cancelDelete()}
      >
        <p>{intl.formatMessage({ id: 'gallery.delete.body' }, { count: deleting })}</p>
      </ConfirmDialog>
    </section>
  );
}

/**
 * Whether the detail and compare views are mounted: once their code has arrived (it is fetched when
 * the gallery's first screen is shown, galleryParts.ts), or as soon as one is opened, whichever is
 * first; once mounted they stay, as dialogs that open and close.
 */
function useViewsMounted(): boolean {
  const detailOpen = useDetailStore((s) => s.item !== null);
  const comparing = useCompareStore((s) => s.open);
  const opened = detailOpen || comparing;
  const [mounted, setMounted] = useState(() => DETAIL_VIEW.loaded() && COMPARE_VIEW.loaded());
  useEffect(() => {
    let live = true;
    void startScreenShown()
      .then(() => Promise.all([DETAIL_VIEW.preload(), COMPARE_VIEW.preload()]))
      // Code that could not be fetched is asked for again when a view is opened, where a failure
      // shows the screen's problem panel with "Try again"; until then the gallery browses as ever.
      .then(() => live && setMounted(true))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (opened && !mounted) setMounted(true);
  return mounted || opened;
}

function EmptyLibrary() {
  const { filtered, clear } = useGalleryStore(useShallow((s) => ({ filtered: isFiltered(s.filter), clear: s.clearFilter })));
  const intl = useIntl();
  return (
    <div className="gallery-empty" role="status">
      {filtered ? (
        <>
          <p>{intl.formatMessage({ id: 'gallery.empty.filtered' })}</p>
          <Button onClick={clear}>{intl.formatMessage({ id: 'gallery.filters.clear' })}</Button>
        </>
      ) : (
        <>
          <p>{intl.formatMessage({ id: 'gallery.empty.library' })}</p>
          <Button onClick={() => useNavigationStore.getState().go('studio')}>{intl.formatMessage({ id: 'gallery.empty.goStudio' })}</Button>
        </>
      )}
    </div>
  );
}
