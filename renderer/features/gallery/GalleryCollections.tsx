import { useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { APP_NAME_LIMITS } from '../../../shared/api/limits.ts';
import { collectionName, useCollectionsStore } from './collectionsStore.ts';
import { useGalleryStore } from './galleryStore.ts';
import { Button } from '../../ui/Button.tsx';
import { invoke } from '../../bridge/invoke.ts';
import { useHandoffStore } from '../../stores/handoffStore.ts';
import { useToastStore } from '../../stores/toastStore.ts';
import { useBulkStore } from './bulkStore.ts';
import { isFinished } from './itemLabels.ts';
import { carriesTiles, droppedTileIds, endTileDrag } from './tileDrag.ts';
import { useFormats, useLocale } from '../../i18n/LanguageProvider.tsx';
import { nameOrder } from './nameOrder.ts';
import { SaidText } from '../../ui/SaidText.tsx';

/**
 * All items, favorites and the collections (one per character appears by itself). Tiles dragged
 * onto a collection are added to it; a picture or clip dragged onto a character becomes the
 * reference of that character's next generation (the studio opens on the character with it).
 */
export function GalleryCollections() {
  const { collections, error } = useCollectionsStore(useShallow((s) => ({ collections: s.collections, error: s.error })));
  const { favorites, collectionId, setFilter } = useGalleryStore(
    useShallow((s) => ({ favorites: s.filter.favorites === true, collectionId: s.filter.collectionId, setFilter: s.setFilter })),
  );
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const intl = useIntl();
  const locale = useLocale();
  const byName = (list: typeof collections) => nameOrder(list, (each) => collectionName(each, intl), locale);
  const own = byName(collections.filter((each) => each.characterId === null));
  const characters = byName(collections.filter((each) => each.characterId !== null));
  const showAll = !favorites && !collectionId;
  const drop = { dropTarget, setDropTarget };
  const ofCollection = (each: (typeof collections)[number]) => ({
    id: each.id,
    label: collectionName(each, intl),
    current: collectionId === each.id,
    onClick: () => setFilter({ collectionId: each.id, favorites: undefined }),
    count: each.count,
  });

  return (
    <nav className="gallery-collections" aria-label={intl.formatMessage({ id: 'gallery.collections.label' })}>
      <ul>
        <CollectionEntry
          {...drop}
          id="all"
          label={intl.formatMessage({ id: 'gallery.collections.all' })}
          current={showAll}
          onClick={() => setFilter({ favorites: undefined, collectionId: undefined })}
        />
        <CollectionEntry
          {...drop}
          id="favorites"
          label={`★ ${intl.formatMessage({ id: 'gallery.collections.favorites' })}`}
          current={favorites}
          onClick={() => setFilter({ favorites: true, collectionId: undefined })}
        />
      </ul>
      <h2 className="collection-heading">{intl.formatMessage({ id: 'gallery.collections.label' })}</h2>
      <ul>
        {own.map((each) => (
          <CollectionEntry
            key={each.id}
            {...drop}
            {...ofCollection(each)}
            onDropIds={(ids) => void useBulkStore.getState().addToCollection(each.id, ids)}
          />
        ))}
        {own.length === 0 && <li className="collection-empty">{intl.formatMessage({ id: 'gallery.collections.none' })}</li>}
      </ul>
      <NewCollection />
      {error && (
        <p className="field-error" role="alert">
          <SaidText said={error} />
        </p>
      )}
      {characters.length > 0 && (
        <>
          <h2 className="collection-heading">{intl.formatMessage({ id: 'gallery.collections.characters' })}</h2>
          <ul>
            {characters.map((each) => (
              <CollectionEntry
                key={each.id}
                {...drop}
                {...ofCollection(each)}
                onDropIds={each.characterId ? (ids) => void referenceForCharacter(each.characterId as string, ids) : undefined}
              />
            ))}
          </ul>
        </>
      )}
    </nav>
  );
}

type CollectionEntryProps = {
  id: string;
  label: string;
  current: boolean;
  onClick: () => void;
  count?: number;
  /** What tiles dropped on the entry do; without it the entry takes no drop. */
  onDropIds?: ((ids: string[]) => void) | undefined;
  /** The entry tiles are dragged over, of all the entries. */
  dropTarget: string | null;
  setDropTarget: Dispatch<SetStateAction<string | null>>;
};

function CollectionEntry({ id: key, label, current, onClick, count, onDropIds, dropTarget, setDropTarget }: CollectionEntryProps) {
  const formats = useFormats();
  return (
    <li>
      <button
        type="button"
        className={`collection-entry${dropTarget === key ? ' is-drop-target' : ''}`}
        aria-current={current ? 'true' : undefined}
        onClick={onClick}
        data-drop-target={onDropIds ? key : undefined}
        onDragOver={(event) => {
          if (!onDropIds || !carriesTiles(event.dataTransfer)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDropTarget(key);
        }}
        onDragLeave={() => setDropTarget((target) => (target === key ? null : target))}
        onDrop={(event) => {
          if (!onDropIds) return;
          event.preventDefault();
          setDropTarget(null);
          const ids = droppedTileIds(event.dataTransfer);
          endTileDrag();
          if (ids.length > 0) onDropIds(ids);
        }}
      >
        <bdi className="collection-name">{label}</bdi>
        {count !== undefined && <span className="collection-count">{formats.number(count)}</span>}
      </button>
    </li>
  );
}

/** A new collection: a button that opens a name field, and the field's Add. */
function NewCollection() {
  const create = useCollectionsStore((s) => s.create);
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const intl = useIntl();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    const made = await create(name.trim());
    if (made) {
      setName('');
      setAdding(false);
    }
  };
  if (!adding)
    return (
      <Button size="sm" variant="ghost" className="collection-add" onClick={() => setAdding(true)}>
        {intl.formatMessage({ id: 'gallery.collections.new' })}
      </Button>
    );
  return (
    <form className="collection-form" onSubmit={(event) => void submit(event)}>
      <label>
        <span className="visually-hidden">{intl.formatMessage({ id: 'gallery.collections.nameLabel' })}</span>
        <input
          value={name}
          maxLength={APP_NAME_LIMITS.collectionName}
          placeholder={intl.formatMessage({ id: 'gallery.collections.namePlaceholder' })}
          onChange={(event) => setName(event.target.value)}
          autoFocus
        />
      </label>
      <Button type="submit" size="sm" disabled={!name.trim()}>
        {intl.formatMessage({ id: 'gallery.collections.add' })}
      </Button>
    </form>
  );
}

/** A dropped item handed to a character's generate panel as its reference: the first picture or clip among the ids. */
async function referenceForCharacter(characterId: string, ids: readonly string[]): Promise<void> {
  for (const id of ids.slice(0, 20)) {
    const reply = await invoke('library.get', { id });
    if (!reply.ok) continue;
    const item = reply.value;
    if (isFinished(item) && item.kind !== 'audio') {
      useHandoffStore.getState().useAsReference({ ...item, characterId });
      return;
    }
  }
  useToastStore.getState().show({ id: 'gallery.collections.referenceRefused' });
}
