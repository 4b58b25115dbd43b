import { Columns2, Download, FolderPlus, Star, StarOff, Trash, X } from 'lucide-react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { useBulkStore } from './bulkStore.ts';
import { collectionName, useCollectionsStore } from './collectionsStore.ts';
import { COMPARE_MAX, COMPARE_MIN, useCompareStore } from './compareStore.ts';
import { useGalleryStore } from './galleryStore.ts';
import { useGalleryViewStore } from './galleryViewStore.ts';
import { SELECTION_HELP } from './itemLabels.ts';
import { useSelectionStore } from './selectionStore.ts';
import { Button } from '../../ui/Button.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { Menu } from '../../ui/primitives/index.ts';
import { useLocale } from '../../i18n/LanguageProvider.tsx';
import { nameOrder } from './nameOrder.ts';
import { SaidText, type Said } from '../../ui/SaidText.tsx';

/** The actions on what is selected, and the outcome of the last one. */
export function BulkBar() {
  const { selected, selectionError } = useSelectionStore(useShallow((s) => ({ selected: s.selected, selectionError: s.error })));
  const count = selected.size;
  const { hintDone, doneWithHint } = useGalleryViewStore(
    useShallow((s) => ({ hintDone: s.selectionHintDone, doneWithHint: s.doneWithSelectionHint })),
  );
  // A selection of several made is the hint learned: it is not shown again.
  useEffect(() => {
    if (count >= 2 && !hintDone) doneWithHint();
  }, [count, hintDone, doneWithHint]);
  const intl = useIntl();

  return (
    <div className="gallery-bulk">
      {count > 0 ? (
        <SelectionActions ids={[...selected]} />
      ) : hintDone ? null : (
        // A first-run hint: until it is put away or a selection of several is made. The grid keeps
        // the same words as its description for a screen reader (GalleryGrid.tsx).
        <p className="gallery-hint" data-testid="selection-hint">
          <span>{intl.formatMessage({ id: SELECTION_HELP })}</span>
          <Button size="sm" variant="ghost" onClick={doneWithHint}>
            {intl.formatMessage({ id: 'gallery.hint.gotIt' })}
          </Button>
        </p>
      )}
      <BulkStatus selectionError={selectionError} />
    </div>
  );
}

/** The toolbar of what can be done to the selected items. */
function SelectionActions({ ids }: { ids: string[] }) {
  const { busy, selectAllMatching, clear } = useSelectionStore(
    useShallow((s) => ({ busy: s.busy, selectAllMatching: s.selectAllMatching, clear: s.clear })),
  );
  const total = useGalleryStore((s) => s.total ?? 0);
  // A character's collection fills itself; only the user's own collections take items by hand.
  const allCollections = useCollectionsStore((s) => s.collections);
  const locale = useLocale();
  const intl = useIntl();
  const collections = nameOrder(
    allCollections.filter((each) => each.characterId === null),
    (each) => collectionName(each, intl),
    locale,
  );
  const { running, setFavorite, addToCollection, exportItems, askDelete } = useBulkStore(
    useShallow((s) => ({
      running: s.running,
      setFavorite: s.setFavorite,
      addToCollection: s.addToCollection,
      exportItems: s.exportItems,
      askDelete: s.askDelete,
    })),
  );
  const count = ids.length;
  const disabled = running !== null || busy;
  return (
    <div className="gallery-bulk-actions" role="toolbar" aria-label={intl.formatMessage({ id: 'gallery.bulk.label' })}>
      <strong className="gallery-bulk-count" data-testid="selection-count">
        {intl.formatMessage({ id: 'gallery.bulk.selected' }, { count })}
      </strong>
      {count < total && (
        <Button size="sm" variant="ghost" onClick={() => void selectAllMatching()} disabled={disabled}>
          {intl.formatMessage({ id: 'gallery.bulk.selectAll' }, { total })}
        </Button>
      )}
      <Button size="sm" icon={<Star size={14} aria-hidden="true" />} onClick={() => void setFavorite(ids, true)} disabled={disabled}>
        {intl.formatMessage({ id: 'gallery.bulk.favorite' })}
      </Button>
      <Button size="sm" icon={<StarOff size={14} aria-hidden="true" />} onClick={() => void setFavorite(ids, false)} disabled={disabled}>
        {intl.formatMessage({ id: 'gallery.bulk.unfavorite' })}
      </Button>
      <Menu
        label={intl.formatMessage({ id: 'gallery.actions.addToCollection' })}
        variant="secondary"
        trigger={
          <>
            <FolderPlus size={14} aria-hidden="true" />
            {intl.formatMessage({ id: 'gallery.bulk.addToCollection' })}
          </>
        }
        actions={collections.map((each) => ({ id: each.id, label: collectionName(each, intl) }))}
        onAction={(collectionId) => void addToCollection(collectionId, ids)}
        disabled={disabled || collections.length === 0}
      />
      {count >= COMPARE_MIN && count <= COMPARE_MAX && (
        <Button
          size="sm"
          icon={<Columns2 size={14} aria-hidden="true" />}
          onClick={() => void useCompareStore.getState().compare(ids)}
          disabled={disabled}
        >
          {intl.formatMessage({ id: 'gallery.bulk.compare' })}
        </Button>
      )}
      <Button size="sm" icon={<Download size={14} aria-hidden="true" />} onClick={() => void exportItems(ids)} disabled={disabled}>
        {intl.formatMessage({ id: 'gallery.bulk.export' })}
      </Button>
      <Button size="sm" variant="danger" icon={<Trash size={14} aria-hidden="true" />} onClick={() => askDelete(ids)} disabled={disabled}>
        {intl.formatMessage({ id: 'gallery.bulk.delete' })}
      </Button>
      <Button size="sm" variant="ghost" icon={<X size={14} aria-hidden="true" />} onClick={clear}>
        {intl.formatMessage({ id: 'gallery.bulk.clear' })}
      </Button>
    </div>
  );
}

/** What the last action is doing or did: its progress, its notice, its error. */
function BulkStatus({ selectionError }: { selectionError: Said | null }) {
  const { running, notice, error, dismiss, exporting, cancelExport } = useBulkStore(
    useShallow((s) => ({
      running: s.running,
      notice: s.notice,
      error: s.error,
      dismiss: s.dismiss,
      exporting: s.exporting,
      cancelExport: s.cancelExport,
    })),
  );
  const intl = useIntl();
  const shownError = error ?? selectionError;
  return (
    <>
      <div className="gallery-bulk-status" aria-live="polite">
        {running && (
          <span className="status-running">
            <SaidText said={running} />
          </span>
        )}
        {exporting && (
          <span className="gallery-export-progress" data-testid="export-progress">
            <ProgressBar
              value={exporting.totalBytes > 0 ? exporting.bytes / exporting.totalBytes : null}
              label={intl.formatMessage({ id: 'gallery.export.progress' })}
            />
            <span>{intl.formatMessage({ id: 'gallery.export.files' }, { done: exporting.exported, total: exporting.total })}</span>
            <Button size="sm" variant="ghost" onClick={() => void cancelExport()} disabled={exporting.cancelling}>
              {intl.formatMessage({ id: 'gallery.export.cancel' })}
            </Button>
          </span>
        )}
        {!running && notice && (
          <span className="status-notice" data-testid="bulk-notice">
            <SaidText said={notice} />{' '}
            <button type="button" className="button-link" onClick={dismiss}>
              {intl.formatMessage({ id: 'gallery.dismiss' })}
            </button>
          </span>
        )}
      </div>
      {shownError && (
        <p className="field-error" role="alert">
          <SaidText said={shownError} />
        </p>
      )}
    </>
  );
}
