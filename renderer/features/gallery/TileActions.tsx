import { FolderPlus, ImagePlus, Maximize2, RotateCcw, Star } from 'lucide-react';
import type { ReactNode, SyntheticEvent } from 'react';
import { useIntl } from 'react-intl';
import type { LibraryItem } from '../../../shared/ipc/index.ts';
import { useHandoffStore } from '../../stores/handoffStore.ts';
import { Menu, Tooltip } from '../../ui/primitives/index.ts';
import { useBulkStore } from './bulkStore.ts';
import { collectionName, useCollectionsStore } from './collectionsStore.ts';
import { useDetailStore } from './detailStore.ts';
import { isFinished } from './itemLabels.ts';
import { runAgainRequest } from './runAgainRequest.ts';
import { nameOrder } from './nameOrder.ts';
import { useLocale } from '../../i18n/LanguageProvider.tsx';

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
  const locale = useLocale();
  const canReference = isFinished(item) && item.kind !== 'audio';
  const canRunAgain = runAgainRequest(item) !== null;
  const intl = useIntl();
  const own = nameOrder(
    collections.filter((each) => each.characterId === null),
    (each) => collectionName(each, intl),
    locale,
  );
  return (
    <div
      className="tile-actions"
      role="group"
      aria-label={intl.formatMessage({ id: 'gallery.actions.label' }, { title: item.title })}
      onClick={keep}
      onDoubleClick={keep}
      onMouseDown={keep}
    >
      <Action
        label={intl.formatMessage({ id: item.favorite ? 'gallery.actions.unfavorite' : 'gallery.actions.favorite' })}
        pressed={item.favorite}
        onPress={() => void useBulkStore.getState().setFavorite([item.id], !item.favorite)}
      >
        <Star size={ICON} aria-hidden="true" fill={item.favorite ? 'currentColor' : 'none'} />
      </Action>
      {own.length > 0 && (
        <Menu
          label={intl.formatMessage({ id: 'gallery.actions.addToCollection' })}
          className="tile-action"
          trigger={<FolderPlus size={ICON} aria-hidden="true" />}
          actions={own.map((each) => ({ id: each.id, label: collectionName(each, intl) }))}
          onAction={(id) => void useBulkStore.getState().addToCollection(id, [item.id])}
        />
      )}
      {canReference && (
        <Action
          label={intl.formatMessage({ id: 'gallery.actions.useAsReference' })}
          onPress={() => useHandoffStore.getState().useAsReference(item)}
        >
          <ImagePlus size={ICON} aria-hidden="true" />
        </Action>
      )}
      {canRunAgain && (
        <Action label={intl.formatMessage({ id: 'gallery.actions.runAgain' })} onPress={() => useDetailStore.getState().open(item, 'full')}>
          <RotateCcw size={ICON} aria-hidden="true" />
        </Action>
      )}
      <Action label={intl.formatMessage({ id: 'gallery.actions.open' })} onPress={() => useDetailStore.getState().open(item, 'full')}>
        <Maximize2 size={ICON} aria-hidden="true" />
      </Action>
    </div>
  );
}
