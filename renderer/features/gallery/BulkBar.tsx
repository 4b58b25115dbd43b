import { Columns2, Download, FolderPlus, Star, StarOff, Trash, X } from 'lucide-react';
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useBulkStore } from './bulkStore.ts';
import { useCollectionsStore } from './collectionsStore.ts';
import { COMPARE_MAX, COMPARE_MIN, useCompareStore } from './compareStore.ts';
import { useGalleryStore } from './galleryStore.ts';
import { useGalleryViewStore } from './galleryViewStore.ts';
import { SELECTION_HELP } from './itemLabels.ts';
import { useSelectionStore } from './selectionStore.ts';
import { Button } from '../../ui/Button.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { Menu } from '../../ui/primitives/index.ts';
import { formatCount } from '../../ui/format.ts';

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

  return (
    <div className="gallery-bulk">
      {count > 0 ? (
        <SelectionActions ids={[...selected]} />
      ) : hintDone ? null : (
        // A first-run hint: until it is put away or a selection of several is made. The grid keeps
        // the same words as its description for a screen reader (GalleryGrid.tsx).
        <p className="gallery-hint" data-testid="selection-hint">
          <span>{SELECTION_HELP}</span>
          <Button size="sm" variant="ghost" onClick={doneWithHint}>
            Got it
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
  const collections = allCollections.filter((each) => each.characterId === null);
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
    <div className="gallery-bulk-actions" role="toolbar" aria-label="Selected items">
      <strong className="gallery-bulk-count" data-testid="selection-count">
        {formatCount(count)} selected
      </strong>
      {count < total && (
        <Button size="sm" variant="ghost" onClick={() => void selectAllMatching()} disabled={disabled}>
          Select all {formatCount(total)}
        </Button>
      )}
      <Button size="sm" icon={<Star size={14} aria-hidden="true" />} onClick={() => void setFavorite(ids, true)} disabled={disabled}>
        Favorite
      </Button>
      <Button size="sm" icon={<StarOff size={14} aria-hidden="true" />} onClick={() => void setFavorite(ids, false)} disabled={disabled}>
        Unfavorite
      </Button>
      <Menu
        label="Add to collection"
        variant="secondary"
        trigger={
          <>
            <FolderPlus size={14} aria-hidden="true" />
            Add to collection…
          </>
        }
        actions={collections.map((each) => ({ id: each.id, label: each.name }))}
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
          Compare
        </Button>
      )}
      <Button size="sm" icon={<Download size={14} aria-hidden="true" />} onClick={() => void exportItems(ids)} disabled={disabled}>
        Export
      </Button>
      <Button size="sm" variant="danger" icon={<Trash size={14} aria-hidden="true" />} onClick={() => askDelete(ids)} disabled={disabled}>
        Delete…
      </Button>
      <Button size="sm" variant="ghost" icon={<X size={14} aria-hidden="true" />} onClick={clear}>
        Clear selection
      </Button>
    </div>
  );
}

/** What the last action is doing or did: its progress, its notice, its error. */
function BulkStatus({ selectionError }: { selectionError: string | null }) {
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
  return (
    <>
      <div className="gallery-bulk-status" aria-live="polite">
        {running && <span className="status-running">{running}</span>}
        {exporting && (
          <span className="gallery-export-progress" data-testid="export-progress">
            <ProgressBar value={exporting.totalBytes > 0 ? exporting.bytes / exporting.totalBytes : null} label="Export progress" />
            <span>
              {formatCount(exporting.exported)} of {formatCount(exporting.total)} files
            </span>
            <Button size="sm" variant="ghost" onClick={() => void cancelExport()} disabled={exporting.cancelling}>
              Cancel export
            </Button>
          </span>
        )}
        {!running && notice && (
          <span className="status-notice" data-testid="bulk-notice">
            {notice}{' '}
            <button type="button" className="button-link" onClick={dismiss}>
              Dismiss
            </button>
          </span>
        )}
      </div>
      {(error ?? selectionError) && (
        <p className="field-error" role="alert">
          {error ?? selectionError}
        </p>
      )}
    </>
  );
}
