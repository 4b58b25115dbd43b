import { FolderPlus, ImagePlus, Maximize2, RotateCcw, Star } from 'lucide-react';
import type { ReactNode, SyntheticEvent } from 'react';
import type { LibraryItem } from '../../../shared/ipc/index.ts';
import { useHandoffStore } from '../../stores/handoffStore.ts';
import { Menu, Tooltip } from '../../ui/primitives/index.ts';
import { useBulkStore } from './bulkStore.ts';
import { useCollectionsStore } from './collectionsStore.ts';
import { useDetailStore } from './detailStore.ts';
import { isFinished } from './itemLabels.ts';
import { runAgainRequest } from './runAgainRequest.ts';

const ICON = 16;

/** Clicks on an action stay on it: they neither select nor open the tile under them. */
const keep = (event: SyntheticEvent) => event.stopPropagation();

function Action({ label, pressed, onPress, children }: { label: string; pressed?: boolean; onPress: () => void; children: ReactNode }) {
  return (
    <Tooltip content={label}>
      <button type="button" className="tile-action" aria-label={label} aria-pressed={pressed} onClick={onPress}>
        {children}
      </button>
    </Tooltip>
  );
}

/**
 * A tile's quick actions, shown while it is hovered or holds the keyboard cursor (Tab reaches them
 * from the grid). Run again opens the item with its new price, because a paid job is never sent
 * without the price shown first.
 */
export function TileActions({ item }: { item: LibraryItem }) {
  const collections = useCollectionsStore((s) => s.collections);
  const own = collections.filter((each) => each.characterId === null);
  const canReference = isFinished(item) && item.kind !== 'audio';
  const canRunAgain = runAgainRequest(item) !== null;
  return (
    <div
      className="tile-actions"
      role="group"
      aria-label={`Actions for ${item.title}`}
      onClick={keep}
      onDoubleClick={keep}
      onMouseDown={keep}
    >
      <Action
        label={item.favorite ? 'Remove from favorites' : 'Add to favorites'}
        pressed={item.favorite}
        onPress={() => void useBulkStore.getState().setFavorite([item.id], !item.favorite)}
      >
        <Star size={ICON} aria-hidden="true" fill={item.favorite ? 'currentColor' : 'none'} />
      </Action>
      {own.length > 0 && (
        <Menu
          label="Add to collection"
          className="tile-action"
          trigger={<FolderPlus size={ICON} aria-hidden="true" />}
          actions={own.map((each) => ({ id: each.id, label: each.name }))}
          onAction={(id) => void useBulkStore.getState().addToCollection(id, [item.id])}
        />
      )}
      {canReference && (
        <Action label="Use as reference" onPress={() => useHandoffStore.getState().useAsReference(item)}>
          <ImagePlus size={ICON} aria-hidden="true" />
        </Action>
      )}
      {canRunAgain && (
        <Action label="Run again…" onPress={() => useDetailStore.getState().open(item, 'full')}>
          <RotateCcw size={ICON} aria-hidden="true" />
        </Action>
      )}
      <Action label="Open" onPress={() => useDetailStore.getState().open(item, 'full')}>
        <Maximize2 size={ICON} aria-hidden="true" />
      </Action>
    </div>
  );
}
