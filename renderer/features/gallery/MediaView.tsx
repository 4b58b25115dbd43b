import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { AppError, LibraryItem } from '../../../shared/ipc/index.ts';
import { useShallow } from 'zustand/react/shallow';
import { mediaUrl } from '../../stores/appInfoStore.ts';
import type { MessageId } from '../../i18n/catalogs.ts';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import { useDetailStore, type MediaFetch } from './detailStore.ts';
import { useDescribeError } from '../../errors/errorMessages.ts';
import { startMediaDrag } from './mediaDrag.ts';
import { MediaPlayer } from '../../ui/MediaPlayer/index.ts';
import { TimeLeftToRight } from '../../ui/TimeLeftToRight.tsx';

interface MediaViewProps {
  item: LibraryItem;
  mediaBase: string | undefined;
  online: boolean;
  /** Start playing at once (the quick look). */
  autoPlay?: boolean;
}

const ZOOMS = [1, 2, 4] as const;

/** The item's media: an image that zooms, a video that seeks, audio with its waveform. */
export function MediaView({ item, mediaBase, online, autoPlay = false }: MediaViewProps) {
  const src = item.downloaded ? mediaUrl(mediaBase, item.mediaId) : null;
  const fromControls = useRef(false);
  if (!src) return <MissingMedia item={item} online={online} />;
  const isAudio = item.kind === 'audio' || item.mediaType?.startsWith('audio/');
  const isVideo = item.kind === 'video' || item.kind === 'talk' || item.mediaType?.startsWith('video/');
  return (
    <TimeLeftToRight>
      <div
        className="media-view"
        draggable
        // A drag that starts on the player's controls scrubs or sets the volume; it is not a file drag.
        onPointerDown={(event) => (fromControls.current = (event.target as Element).closest('.media-controls') !== null)}
        onDragStart={(event) => (fromControls.current ? event.preventDefault() : startMediaDrag(event, item, src))}
      >
        {isAudio ? (
          <AudioMedia item={item} src={src} autoPlay={autoPlay} />
        ) : isVideo ? (
          <VideoMedia item={item} src={src} autoPlay={autoPlay} />
        ) : (
          <ImageMedia item={item} src={src} />
        )}
      </div>
    </TimeLeftToRight>
  );
}

function ImageMedia({ item, src }: { item: LibraryItem; src: string }) {
  const [zoom, setZoom] = useState<(typeof ZOOMS)[number] | 'fit'>('fit');
  const next = zoom === 'fit' ? 1 : (ZOOMS[ZOOMS.indexOf(zoom) + 1] ?? 'fit');
  const intl = useIntl();
  return (
    <div className="media-image">
      <div className={`media-image-frame ${zoom === 'fit' ? 'is-fit' : 'is-zoomed'}`} data-testid="media-image-frame">
        <img
          src={src}
          alt={item.prompt ?? item.title}
          draggable={false}
          style={zoom === 'fit' ? undefined : { width: `${zoom * 100}%`, maxWidth: 'none' }}
          onClick={() => setZoom(next)}
        />
      </div>
      <div className="media-zoom" role="group" aria-label={intl.formatMessage({ id: 'gallery.media.zoom' })}>
        <button type="button" aria-pressed={zoom === 'fit'} onClick={() => setZoom('fit')}>
          {intl.formatMessage({ id: 'gallery.zoom.fit' })}
        </button>
        {ZOOMS.map((level) => (
          <button key={level} type="button" aria-pressed={zoom === level} onClick={() => setZoom(level)}>
            {intl.formatNumber(level, { style: 'percent' })}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The service's videos are 24 fps unless the item says otherwise. */
function fpsOf(item: LibraryItem): number | undefined {
  const fps = item.options.fps;
  return typeof fps === 'number' && fps > 0 ? fps : undefined;
}

function VideoMedia({ item, src, autoPlay }: { item: LibraryItem; src: string; autoPlay: boolean }) {
  return (
    <MediaPlayer
      kind="video"
      className="media-video"
      src={src}
      label={item.title}
      autoPlay={autoPlay}
      fps={fpsOf(item)}
      testId="media-video"
    />
  );
}

function AudioMedia({ item, src, autoPlay }: { item: LibraryItem; src: string; autoPlay: boolean }) {
  return (
    <div className="media-audio">
      <MediaPlayer kind="audio" src={src} label={item.title} autoPlay={autoPlay} waveformHeight={120} testId="media-audio" />
    </div>
  );
}

function MissingMedia({ item, online }: { item: LibraryItem; online: boolean }) {
  const { fetch, fetchError } = useDetailStore(
    useShallow((s) => ({ fetch: s.item?.id === item.id ? s.fetch : null, fetchError: s.item?.id === item.id ? s.fetchError : null })),
  );
  const intl = useIntl();
  const describe = useDescribeError();
  let message: { id: MessageId; reason?: string | AppError };
  if (item.status === 'failed')
    message = item.errorMessage ? { id: 'gallery.media.failedBecause', reason: item.errorMessage } : { id: 'gallery.media.failed' };
  else if (item.status === 'pending' || item.status === 'processing') message = { id: 'gallery.media.making' };
  else if (fetchError) message = { id: 'gallery.media.fetchFailed', reason: fetchError };
  else if (!online) message = { id: 'gallery.media.offline' };
  else if (fetch) return <MediaFetching fetch={fetch} />;
  else message = { id: 'gallery.media.none' };
  return (
    <div className="media-missing" role="status">
      <p>
        {intl.formatMessage(
          { id: message.id },
          { reason: typeof message.reason === 'object' ? describe(message.reason) : (message.reason ?? '') },
        )}
      </p>
    </div>
  );
}

/** The media on its way: a bar and the bytes so far (of how many, once the service said). */
function MediaFetching({ fetch }: { fetch: MediaFetch }) {
  const known = fetch.total !== null && fetch.total > 0;
  const intl = useIntl();
  const formats = useFormats();
  return (
    <div className="media-missing" role="status" data-testid="media-fetching">
      <p>{intl.formatMessage({ id: 'gallery.media.downloading' })}</p>
      <progress
        max={known ? (fetch.total ?? undefined) : undefined}
        value={known ? fetch.received : undefined}
        aria-label={intl.formatMessage({ id: 'gallery.media.downloadProgress' })}
      />
      <p className="muted">
        {known
          ? intl.formatMessage(
              { id: 'gallery.media.bytesOf' },
              { received: formats.bytes(fetch.received), total: formats.bytes(fetch.total ?? 0) },
            )
          : fetch.received > 0
            ? formats.bytes(fetch.received)
            : intl.formatMessage({ id: 'gallery.media.starting' })}
      </p>
    </div>
  );
}
