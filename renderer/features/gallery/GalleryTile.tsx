import { CircleX } from 'lucide-react';
import { memo, useEffect, useState, type DragEvent, type MouseEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Job, LibraryItem } from '../../../shared/ipc/index.ts';
import { mediaUrl } from '../../stores/appInfoStore.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import { WorkProgress } from '../../ui/WorkStatus.tsx';
import { useGalleryStore } from './galleryStore.ts';
import { KIND_LABELS, statusBadge } from './itemLabels.ts';
import { canDragOut, dragPlanOf, startMediaDrag } from './mediaDrag.ts';
import { SearchHighlight } from './SearchHighlight.tsx';
import { thumbSource } from './thumbnailWarmup.ts';
import { TileActions } from './TileActions.tsx';
import { TileWaveform } from './TileWaveform.tsx';
import { beginTileDrag, endTileDrag } from './tileDrag.ts';
import type { MessageId } from '../../i18n/catalogs.ts';

interface GalleryTileProps {
  index: number;
  column: number;
  item: LibraryItem | undefined;
  width: number;
  thumbHeight: number;
  selected: boolean;
  focused: boolean;
  /** The tile holds the keyboard cursor of a grid that has the focus: its quick actions show. */
  actionsByKeyboard: boolean;
  mediaBase: string | undefined;
  /** The search's words, marked in the title and the prompt. */
  words: readonly string[];
  onPick: (index: number, item: LibraryItem, event: MouseEvent) => void;
  onOpen: (item: LibraryItem) => void;
  /** The ids a drag of this tile carries: the selection when the tile is part of it. */
  dragIds: (item: LibraryItem) => readonly string[];
  /** The thumbnail loaded: its real size may change the tile's shape. */
  onNaturalSize: (index: number, item: LibraryItem, width: number, height: number) => void;
  /** The job making this item while it is in flight: the tile shows its prompt and progress. */
  job?: Job | null;
  /** The current time, for the job's progress (0 without a job, so the tile is not drawn again each second). */
  now?: number;
}

export const tileId = (index: number) => `gallery-tile-${index}`;

/**
 * One tile of the justified gallery: the thumbnail at the item's own aspect ratio, a status mark
 * (none when finished, a mark when failed, a spinner while in flight), quick actions on hover or
 * keyboard focus, and a caption. While the item's job is in flight the tile shows its prompt and
 * the job's progress, as the placeholder before it did; the result then appears in the same place.
 */
export const GalleryTile = memo(function GalleryTile(props: GalleryTileProps) {
  const {
    index,
    column,
    item,
    width,
    thumbHeight,
    selected,
    focused,
    actionsByKeyboard,
    mediaBase,
    words,
    onPick,
    onOpen,
    dragIds,
    onNaturalSize,
    job,
    now,
  } = props;
  const [broken, setBroken] = useState(false);
  const [hovered, setHovered] = useState(false);
  const intl = useIntl();
  const source = item ? thumbSource(item) : null;
  const thumbWanted = item !== undefined && source === null && needsThumbnail(item) ? item.id : null;
  // A tile on screen without its thumbnail asks for it (gathered with its neighbours' asks).
  useEffect(() => {
    if (thumbWanted) useGalleryStore.getState().wantThumbnail(thumbWanted);
  }, [thumbWanted]);
  if (!item) {
    return (
      <div
        id={tileId(index)}
        role="gridcell"
        aria-colindex={column + 1}
        aria-busy="true"
        aria-label={intl.formatMessage({ id: 'gallery.tile.loading' })}
        className="gallery-tile is-loading"
        style={{ width }}
      />
    );
  }
  // The thumbnail is fetched on its own, whether or not the full media is on this computer.
  const thumb = !broken ? mediaUrl(mediaBase, source) : null;
  const status = statusBadge(item);
  const following = job && status?.tone === 'working' ? job : null;
  const title = following ? (item.prompt ?? item.title) : item.title;
  const onDragStart = (event: DragEvent) => {
    // A drag that is refused (the file is not here yet) carries nothing, not even the ids for the sidebar.
    if (dragPlanOf(item).kind === 'file') beginTileDrag(event.dataTransfer, dragIds(item));
    startMediaDrag(event, item, item.downloaded ? mediaUrl(mediaBase, item.mediaId) : null);
  };
  const className = ['gallery-tile', selected ? 'is-selected' : '', focused ? 'is-focused' : '', following ? 'is-following' : '']
    .filter(Boolean)
    .join(' ');
  // Said after the visible text (axe: the accessible name must include what is shown).
  const unseen = intl.formatList(
    [
      item.favorite ? intl.formatMessage({ id: 'gallery.tile.favorite' }) : '',
      item.downloaded || !item.mediaId ? '' : intl.formatMessage({ id: 'gallery.tile.notDownloaded' }),
    ].filter(Boolean),
    { type: 'unit' },
  );
  const audio = item.kind === 'audio' ? audioFacts(item, intl) : null;
  const audioSrc = item.kind === 'audio' && item.downloaded ? mediaUrl(mediaBase, item.mediaId) : null;

  return (
    <div
      id={tileId(index)}
      role="gridcell"
      aria-colindex={column + 1}
      aria-selected={selected}
      className={className}
      style={{ width }}
      data-kind={item.kind}
      data-item-id={item.id}
      // A finished item whose file is not here yet is offered too: dragging it fetches the file and says so.
      draggable={canDragOut(item)}
      onDragStart={onDragStart}
      onDragEnd={endTileDrag}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onMouseDown={(event) => {
        // Keep the grid's focus (and its keyboard cursor) where it is; only stop text selection.
        if (event.shiftKey) event.preventDefault();
      }}
      onClick={(event) => onPick(index, item, event)}
      onDoubleClick={() => onOpen(item)}
    >
      <TileThumb
        item={item}
        index={index}
        thumbHeight={thumbHeight}
        thumb={thumb}
        audioSrc={audioSrc}
        following={following}
        now={now ?? 0}
        title={title}
        selected={selected}
        actions={hovered || actionsByKeyboard}
        onBroken={() => setBroken(true)}
        onNaturalSize={onNaturalSize}
      />
      <TileCaption item={item} title={title} words={words} unseen={unseen} audio={audio} />
    </div>
  );
});

type TileThumbProps = {
  item: LibraryItem;
  index: number;
  thumbHeight: number;
  thumb: string | null;
  audioSrc: string | null;
  /** The job making the item, while the tile follows it. */
  following: Job | null;
  now: number;
  title: string;
  selected: boolean;
  /** The quick actions show (hovered, or the keyboard cursor of a focused grid). */
  actions: boolean;
  onBroken: () => void;
  onNaturalSize: GalleryTileProps['onNaturalSize'];
};

/** The tile's picture (or waveform, or placeholder face) and the marks over it. */
function TileThumb(props: TileThumbProps) {
  const { item, index, thumbHeight, thumb, audioSrc, following, now, title, selected, actions, onBroken, onNaturalSize } = props;
  const status = statusBadge(item);
  const intl = useIntl();
  const kind = intl.formatMessage({ id: KIND_LABELS[item.kind] });
  return (
    <div className="gallery-thumb" style={{ height: thumbHeight }}>
      {thumb ? (
        <img
          src={thumb}
          alt=""
          decoding="async"
          draggable={false}
          onError={onBroken}
          onLoad={(event) => onNaturalSize(index, item, event.currentTarget.naturalWidth, event.currentTarget.naturalHeight)}
        />
      ) : audioSrc ? (
        <TileWaveform src={audioSrc} />
      ) : following ? (
        // The same face as the placeholder it took over from.
        <div className={`gallery-placeholder-media kind-${item.kind}`} aria-hidden="true" />
      ) : (
        <div className={`gallery-thumb-empty kind-${item.kind}`} aria-hidden="true">
          <span className="gallery-thumb-glyph">{glyphOf(item.kind)}</span>
          <span className="gallery-thumb-note">{intl.formatMessage({ id: emptyNote(item) })}</span>
        </div>
      )}
      {item.kind !== 'image' || following ? (
        <span className="badge gallery-kind">{kind}</span>
      ) : (
        // A picture is what a gallery holds: a finished image carries no label over it, only its
        // kind in the tile's name for a screen reader. Videos, talk clips, portraits and speech say what they are.
        <span className="visually-hidden">{kind}</span>
      )}
      {following && (
        <div className="gallery-placeholder-progress">
          <WorkProgress job={following} now={now} label={title} />
        </div>
      )}
      {status?.tone === 'working' && !following && (
        <span className="gallery-status is-working" data-status={item.status}>
          <Spinner label={intl.formatMessage({ id: status.label })} />
        </span>
      )}
      {status?.tone === 'failed' && (
        <span
          className="gallery-status is-failed"
          data-status="failed"
          role="img"
          aria-label={intl.formatMessage({ id: 'gallery.badge.failed' })}
        >
          <CircleX size={18} aria-hidden="true" />
        </span>
      )}
      {item.favorite && (
        <span className="gallery-favorite" aria-hidden="true">
          ★
        </span>
      )}
      <span className="gallery-check" aria-hidden="true">
        {selected ? '✓' : ''}
      </span>
      {actions && <TileActions item={item} />}
    </div>
  );
}

type TileCaptionProps = {
  item: LibraryItem;
  title: string;
  words: readonly string[];
  /** What the tile shows without words (favorite, not downloaded), said to a screen reader. */
  unseen: string;
  audio: string | null;
};

/** The tile's title and, below it, where a search matched or who made it and when. */
function TileCaption({ item, title, words, unseen, audio }: TileCaptionProps) {
  const formats = useFormats();
  // Titles, prompts and names are a person's text, in whatever direction they were written.
  return (
    <div className="gallery-caption">
      {/* Both lines end in an ellipsis when too long for the tile; the whole text is in their title. */}
      <bdi className="gallery-title" title={title}>
        <SearchHighlight text={title} words={words} />
      </bdi>
      {words.length > 0 && item.prompt && item.prompt !== item.title ? (
        // A search shows where it matched: the prompt, with the words marked.
        <bdi className="gallery-prompt">
          <SearchHighlight text={item.prompt} words={words} />
        </bdi>
      ) : (
        <span className="gallery-meta" title={audio ?? [item.characterName, formats.dateOf(item.createdAt)].filter(Boolean).join(' · ')}>
          {audio ?? (
            <>
              {item.characterName ? (
                <>
                  <bdi>{item.characterName}</bdi> ·{' '}
                </>
              ) : null}
              {formats.dateOf(item.createdAt)}
            </>
          )}
        </span>
      )}
      {unseen && <span className="visually-hidden">, {unseen}</span>}
    </div>
  );
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** A speech track's voice and emotion, in words. */
function audioFacts(item: LibraryItem, intl: IntlShape): string {
  const voice = text(item.options['speaker']) ?? text(item.options['voice_name']) ?? intl.formatMessage({ id: 'gallery.tile.voice' });
  const emotion = text(item.options['emotion']);
  return emotion ? `${voice} · ${emotion}` : voice;
}

function glyphOf(kind: LibraryItem['kind']): string {
  if (kind === 'audio') return '♪';
  if (kind === 'video' || kind === 'talk') return '▶';
  return '◻';
}

/** A finished picture or video whose thumbnail is not here yet (audio has none). */
function needsThumbnail(item: LibraryItem): boolean {
  return (item.status === 'completed' || item.status === 'ready') && item.kind !== 'audio';
}

function emptyNote(item: LibraryItem): MessageId {
  if (item.status === 'failed') return 'gallery.badge.failed';
  if (item.status === 'pending' || item.status === 'processing') return 'gallery.tile.working';
  if (needsThumbnail(item)) return 'gallery.tile.previewComing';
  if (!item.downloaded && item.mediaId) return 'gallery.tile.notDownloadedNote';
  if (item.kind === 'audio') return 'gallery.kind.audio';
  return 'gallery.tile.noPreview';
}
