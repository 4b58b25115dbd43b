import { Pause, Play, X, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useId, useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import { useIntl } from 'react-intl';
import type { LibraryItem } from '../../../shared/ipc/index.ts';
import { mediaUrl, useAppInfoStore } from '../../stores/appInfoStore.ts';
import { ModalDialog } from '../../ui/Dialog.tsx';
import { MediaPlayer } from '../../ui/MediaPlayer/index.ts';
import type { MessageId } from '../../i18n/catalogs.ts';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import { Slider, Tooltip } from '../../ui/primitives/index.ts';
import { useCompareStore } from './compareStore.ts';
import { useGalleryStore } from './galleryStore.ts';
import { KIND_LABELS } from './itemLabels.ts';
import { TimeLeftToRight } from '../../ui/TimeLeftToRight.tsx';

type View = { scale: number; x: number; y: number };
const FIT: View = { scale: 1, x: 0, y: 0 };
const SCALE_MIN = 1;
const SCALE_MAX = 8;
/** A follower this far from the leader is put back in step (seconds). */
const DRIFT = 0.08;
/** The test id of each pane's media element, by which the shared clock finds it. */
const COMPARE_PLAYER = 'compare-player';

const isPlayable = (item: LibraryItem) => item.kind === 'video' || item.kind === 'talk' || item.kind === 'audio';

/**
 * Two to four items side by side. Pictures share one zoom and pan (wheel or buttons to zoom, drag
 * to pan): the same detail of each is in view at once. Videos and tracks share one clock: one Play,
 * one Pause, one scrub bar for all, and each its own player; the player last used leads and the
 * others are kept in step with it.
 */
export function CompareView() {
  const { open, items, close } = useCompareStore();
  const titleId = useId();
  const intl = useIntl();
  // The gallery's newer record of an item (its media landing while the view is open) wins.
  const pages = useGalleryStore((s) => s.pages);
  const fresh = items.map((item) => {
    for (const list of Object.values(pages)) {
      const found = list.find((each) => each.id === item.id);
      if (found) return found;
    }
    return item;
  });
  return (
    <ModalDialog open={open} onClose={close} labelledBy={titleId} className="compare-view" name="compare" testId="compare-view">
      {open && (
        <div className="compare-body">
          <header className="compare-header">
            <h2 id={titleId}>{intl.formatMessage({ id: 'gallery.compare.title' }, { count: fresh.length })}</h2>
            <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: 'gallery.close' })} onClick={close}>
              <X size={18} aria-hidden="true" />
            </button>
          </header>
          <CompareContent items={fresh} />
        </div>
      )}
    </ModalDialog>
  );
}

function CompareContent({ items }: { items: readonly LibraryItem[] }) {
  const mediaBase = useAppInfoStore((s) => s.info?.mediaBase);
  const [view, setView] = useState<View>(FIT);
  const clock = useSharedClock();
  const pictures = items.some((item) => !isPlayable(item));
  const playable = items.some(isPlayable);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const intl = useIntl();
  const formats = useFormats();
  const say = (id: MessageId) => intl.formatMessage({ id });

  const zoom = (factor: number) =>
    setView((current) => {
      const scale = Math.min(SCALE_MAX, Math.max(SCALE_MIN, current.scale * factor));
      return scale === SCALE_MIN ? FIT : { ...current, scale };
    });
  const onWheel = (event: WheelEvent) => zoom(event.deltaY < 0 ? 1.15 : 1 / 1.15);
  const onPointerDown = (event: PointerEvent) => {
    drag.current = { x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    const from = drag.current;
    if (!from || view.scale === 1) return;
    drag.current = { x: event.clientX, y: event.clientY };
    setView((current) => ({
      ...current,
      x: current.x + (event.clientX - from.x) / current.scale,
      y: current.y + (event.clientY - from.y) / current.scale,
    }));
  };
  const transform = `scale(${view.scale}) translate(${view.x}px, ${view.y}px)`;

  return (
    <>
      <div className="compare-panes" style={{ gridTemplateColumns: `repeat(${items.length <= 2 ? items.length : 2}, minmax(0, 1fr))` }}>
        {items.map((item, at) => {
          const src = item.downloaded ? mediaUrl(mediaBase, item.mediaId) : null;
          return (
            <figure key={item.id} className="compare-pane" data-kind={item.kind}>
              <div
                ref={(stage) => clock.register(at, stage?.querySelector<HTMLMediaElement>(`[data-testid="${COMPARE_PLAYER}"]`) ?? null)}
                className="compare-stage"
                onWheel={isPlayable(item) ? undefined : onWheel}
                onPointerDown={isPlayable(item) ? undefined : onPointerDown}
                onPointerMove={isPlayable(item) ? undefined : onPointerMove}
                onPointerUp={() => (drag.current = null)}
                // The player a person last used leads the others.
                onPointerDownCapture={() => clock.lead(at)}
                onKeyDownCapture={() => clock.lead(at)}
              >
                {!src ? (
                  <p className="compare-note">{say('gallery.compare.notHere')}</p>
                ) : isPlayable(item) ? (
                  <TimeLeftToRight>
                    <MediaPlayer
                      kind={item.kind === 'audio' ? 'audio' : 'video'}
                      src={src}
                      label={item.title}
                      className="compare-player"
                      testId={COMPARE_PLAYER}
                    />
                  </TimeLeftToRight>
                ) : (
                  <img src={src} alt={item.title} draggable={false} style={{ transform }} data-compare-image />
                )}
              </div>
              <figcaption>
                <span className="compare-kind">{say(KIND_LABELS[item.kind])}</span> <bdi>{item.title}</bdi>
              </figcaption>
            </figure>
          );
        })}
      </div>
      <div className="compare-controls">
        {pictures && <ZoomControls scale={view.scale} zoom={zoom} fit={() => setView(FIT)} />}
        {playable && (
          <TimeLeftToRight>
            <div className="compare-transport" role="group" aria-label={say('gallery.compare.playback')}>
              <Tooltip content={say(clock.playing ? 'gallery.compare.pauseAll' : 'gallery.compare.playAll')}>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={say(clock.playing ? 'gallery.compare.pauseAll' : 'gallery.compare.playAll')}
                  onClick={clock.playing ? clock.pause : clock.play}
                  data-testid="compare-play"
                >
                  {clock.playing ? <Pause size={18} aria-hidden="true" /> : <Play size={18} aria-hidden="true" />}
                </button>
              </Tooltip>
              <Slider
                className="compare-scrub"
                label={say('gallery.compare.position')}
                value={clock.time}
                min={0}
                max={Math.max(clock.duration, 0.01)}
                step={0.05}
                valueText={intl.formatMessage(
                  { id: 'gallery.compare.timeOf' },
                  { time: formats.duration(clock.time), duration: formats.duration(clock.duration) },
                )}
                onChange={clock.seek}
                data-testid="compare-scrub"
              />
              <span className="compare-time">
                {formats.duration(clock.time)} / {formats.duration(clock.duration)}
              </span>
            </div>
          </TimeLeftToRight>
        )}
      </div>
    </>
  );
}

/** The zoom shared by every picture: out, its scale, in, and back to fit. */
function ZoomControls({ scale, zoom, fit }: { scale: number; zoom: (factor: number) => void; fit: () => void }) {
  const intl = useIntl();
  const say = (id: MessageId) => intl.formatMessage({ id });
  return (
    <div className="compare-zoom" role="group" aria-label={say('gallery.compare.zoomGroup')}>
      <Tooltip content={say('gallery.compare.zoomOut')}>
        <button type="button" className="icon-button" aria-label={say('gallery.compare.zoomOut')} onClick={() => zoom(1 / 1.5)}>
          <ZoomOut size={18} aria-hidden="true" />
        </button>
      </Tooltip>
      <output className="compare-scale" data-testid="compare-scale">
        {intl.formatNumber(Math.round(scale * 100) / 100, { style: 'percent' })}
      </output>
      <Tooltip content={say('gallery.compare.zoomIn')}>
        <button type="button" className="icon-button" aria-label={say('gallery.compare.zoomIn')} onClick={() => zoom(1.5)}>
          <ZoomIn size={18} aria-hidden="true" />
        </button>
      </Tooltip>
      <button type="button" className="button button-ghost button-sm" onClick={fit}>
        {say('gallery.zoom.fit')}
      </button>
    </div>
  );
}

/**
 * One clock for several players: the one a person last used (the first until then) leads, the
 * others follow its time and its play and pause. Only the first is heard until a person unmutes another.
 */
function useSharedClock() {
  const players = useRef<(HTMLMediaElement | null)[]>([]);
  const leader = useRef(0);
  const prepared = useRef(new WeakSet<HTMLMediaElement>());
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const all = () => players.current.filter((player): player is HTMLMediaElement => player !== null);

  useEffect(() => {
    let frame = 0;
    const step = () => {
      const lead = players.current[leader.current] ?? all()[0];
      if (lead) {
        setTime(lead.currentTime);
        setDuration(Math.max(0, ...all().map((player) => (Number.isFinite(player.duration) ? player.duration : 0))));
        for (const player of all()) if (player !== lead) follow(player, lead);
        setPlaying(!lead.paused && !lead.ended);
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, []);

  return {
    playing,
    time,
    duration,
    /** A pane's media element as it mounts (null as it goes). */
    register: (at: number, player: HTMLMediaElement | null) => {
      players.current[at] = player;
      if (!player || prepared.current.has(player)) return;
      prepared.current.add(player);
      // Starting together needs each one buffered, not only its metadata.
      player.preload = 'auto';
      player.muted = at > 0;
    },
    lead: (at: number) => {
      if (players.current[at]) leader.current = at;
    },
    play: () => {
      for (const player of all()) void player.play().catch(() => undefined);
    },
    pause: () => {
      for (const player of all()) player.pause();
    },
    seek: (to: number) => {
      for (const player of all()) player.currentTime = Math.min(to, player.duration || to);
      setTime(to);
    },
  };
}

/** A follower takes the leader's time when it drifts from it, and its play or pause. */
function follow(player: HTMLMediaElement, lead: HTMLMediaElement): void {
  const target = Math.min(lead.currentTime, player.duration || lead.currentTime);
  if (Math.abs(player.currentTime - target) > DRIFT && !player.seeking) player.currentTime = target;
  if (player.paused !== lead.paused && !lead.ended) void (lead.paused ? player.pause() : player.play().catch(() => undefined));
}
