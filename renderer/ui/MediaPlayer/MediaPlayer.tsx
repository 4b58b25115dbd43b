import { useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { Repeat, StepBack, StepForward, Volume2, VolumeX } from 'lucide-react';
import { Menu } from '../primitives/Menu.tsx';
import { Slider } from '../primitives/Slider.tsx';
import { Waveform } from '../Waveform.tsx';
import { FullscreenButton, MediaTime, PlayPauseButton, useFullscreen } from './MediaControls.tsx';
import { actionForKey, DEFAULT_FPS, frameStepTime, nextSpeed, SPEEDS, type PlayerAction } from './playerKeys.ts';
import { useMediaState } from './useMediaState.ts';
import { VideoScrubBar } from './VideoScrubBar.tsx';
import './mediaPlayer.css';

type MediaPlayerProps = {
  kind: 'video' | 'audio';
  src: string;
  /** What is playing, for the player's accessible name ("Mira at dawn: player"). */
  label: string;
  autoPlay?: boolean;
  /** Frames per second for frame stepping; the service's videos are 24 fps. */
  fps?: number;
  /** The waveform's height (audio). */
  waveformHeight?: number;
  /** A smaller row of controls, for lists of tracks and voices. */
  compact?: boolean;
  className?: string;
  /** On the <video>/<audio> element, for tests. */
  testId?: string;
  /** A still shown before a video plays (its thumbnail). */
  poster?: string | null;
};

/**
 * The one player of the app, for video and audio alike: play, scrub (a still of the hovered moment
 * for video, the waveform for audio), speed, loop, frame step (video), volume and full screen, with
 * the keys of playerKeys.ts when it has the focus.
 */
export function MediaPlayer({
  kind,
  src,
  label,
  autoPlay = false,
  fps = DEFAULT_FPS,
  waveformHeight = 64,
  compact = false,
  className,
  testId,
  poster = null,
}: MediaPlayerProps) {
  const intl = useIntl();
  const media = useRef<HTMLMediaElement | null>(null);
  const frame = useRef<HTMLDivElement | null>(null);
  const state = useMediaState(media, src);
  const [loop, setLoop] = useState(false);
  const { fullscreen, toggle: toggleFullscreen } = useFullscreen(frame);
  const video = kind === 'video';

  const run = (action: PlayerAction) => {
    const element = media.current;
    if (!element) return;
    if (action.type === 'fullscreen') toggleFullscreen();
    else applyAction(element, action, fps);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => onPlayerKey(event, video, run);

  const setMedia = (element: HTMLMediaElement | null) => {
    media.current = element;
  };

  return (
    <div
      ref={frame}
      className={`media-player media-player-${kind}${compact ? ' is-compact' : ''} ${className ?? ''}`}
      role="group"
      aria-label={intl.formatMessage({ id: 'ui.player.label' }, { label })}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-playing={state.playing || undefined}
    >
      {video ? (
        <video
          ref={setMedia}
          className="media-player-video-element"
          src={src}
          poster={poster ?? undefined}
          autoPlay={autoPlay}
          loop={loop}
          preload="metadata"
          playsInline
          onClick={() => run({ type: 'toggle' })}
          aria-label={label}
          data-testid={testId}
        >
          <track kind="captions" />
        </video>
      ) : (
        <>
          <Waveform src={src} audio={media} label={label} height={waveformHeight} />
          <audio ref={setMedia} src={src} autoPlay={autoPlay} loop={loop} preload="metadata" aria-label={label} data-testid={testId} />
        </>
      )}
      <div className="media-controls">
        {video && (
          <VideoScrubBar src={src} label={label} time={state.time} duration={state.duration} onSeek={(time) => seek(media.current, time)} />
        )}
        <div className="media-controls-row">
          <PlayPauseButton playing={state.playing} label={label} onToggle={() => run({ type: 'toggle' })} />
          <MediaTime time={state.time} duration={state.duration} />
          {video && <FrameSteps onStep={(direction) => run({ type: 'frame', direction })} />}
          <span className="media-controls-spacer" />
          <button
            type="button"
            className="media-button media-optional"
            aria-pressed={loop}
            onClick={() => setLoop(!loop)}
            aria-label={intl.formatMessage({ id: 'ui.player.loop' })}
            title={intl.formatMessage({ id: 'ui.player.loop' })}
          >
            <Repeat size={16} aria-hidden="true" />
          </button>
          <SpeedMenu
            rate={state.rate}
            onChange={(rate) => {
              if (media.current) media.current.playbackRate = rate;
            }}
          />
          <button
            type="button"
            className="media-button"
            onClick={() => run({ type: 'mute' })}
            aria-label={intl.formatMessage({ id: state.muted ? 'ui.player.unmute' : 'ui.player.mute' })}
          >
            {state.muted || state.volume === 0 ? <VolumeX size={16} aria-hidden="true" /> : <Volume2 size={16} aria-hidden="true" />}
          </button>
          {!compact && (
            <Slider
              label={intl.formatMessage({ id: 'ui.player.volume' })}
              className="media-volume"
              value={state.muted ? 0 : Math.round(state.volume * 100)}
              onChange={(value) => setVolume(media.current, value / 100)}
              valueText={intl.formatNumber(state.muted ? 0 : state.volume, { style: 'percent', maximumFractionDigits: 0 })}
            />
          )}
          {video && <FullscreenButton fullscreen={fullscreen} onToggle={() => run({ type: 'fullscreen' })} />}
        </div>
      </div>
    </div>
  );
}

const speedText = (rate: number) => `${rate}×`;

function seek(element: HTMLMediaElement | null, time: number): void {
  if (element && Number.isFinite(time)) element.currentTime = time;
}

function setVolume(element: HTMLMediaElement | null, volume: number): void {
  if (!element) return;
  element.volume = Math.min(Math.max(volume, 0), 1);
  element.muted = volume === 0;
}

/** What a key or a click asks of the media element (full screen is the frame's, not the element's). */
function applyAction(element: HTMLMediaElement, action: Exclude<PlayerAction, { type: 'fullscreen' }>, fps: number): void {
  switch (action.type) {
    case 'toggle':
      if (element.paused || element.ended) void element.play().catch(() => undefined);
      else element.pause();
      return;
    case 'seekBy':
      element.currentTime = Math.min(Math.max(element.currentTime + action.seconds, 0), element.duration || 0);
      return;
    case 'frame':
      element.pause();
      element.currentTime = frameStepTime(element.currentTime, element.duration, action.direction, fps);
      return;
    case 'speed':
      element.playbackRate = nextSpeed(element.playbackRate, action.direction);
      return;
    case 'mute':
      element.muted = !element.muted;
  }
}

/** The player's keys (playerKeys.ts) while it has the focus. */
function onPlayerKey(event: KeyboardEvent<HTMLDivElement>, video: boolean, run: (action: PlayerAction) => void): void {
  // A control that took the key (a slider's arrows, a menu) has handled it; Space and Enter on a
  // button press that button.
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target as HTMLElement;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
  if (event.key === ' ' && target.tagName === 'BUTTON') return;
  const action = actionForKey(event.key, video);
  if (!action) return;
  run(action);
  event.preventDefault();
  // The player's keys stay in the player: a dialog around it does not also step or close.
  event.stopPropagation();
}

/** A frame back and a frame on (video). */
function FrameSteps({ onStep }: { onStep: (direction: -1 | 1) => void }) {
  const intl = useIntl();
  return (
    <>
      <button
        type="button"
        className="media-button media-optional"
        onClick={() => onStep(-1)}
        aria-label={intl.formatMessage({ id: 'ui.player.previousFrame' })}
        title={intl.formatMessage({ id: 'ui.player.previousFrameKey' })}
      >
        <StepBack size={16} aria-hidden="true" />
      </button>
      <button
        type="button"
        className="media-button media-optional"
        onClick={() => onStep(1)}
        aria-label={intl.formatMessage({ id: 'ui.player.nextFrame' })}
        title={intl.formatMessage({ id: 'ui.player.nextFrameKey' })}
      >
        <StepForward size={16} aria-hidden="true" />
      </button>
    </>
  );
}

/** The playback speed, chosen from a menu. */
function SpeedMenu({ rate, onChange }: { rate: number; onChange: (rate: number) => void }) {
  const intl = useIntl();
  return (
    <Menu
      label={intl.formatMessage({ id: 'ui.player.speed' }, { rate: speedText(rate) })}
      className="media-speed media-optional"
      trigger={speedText(rate)}
      actions={SPEEDS.map((speed) => ({ id: String(speed), label: speedText(speed) }))}
      onAction={(id) => onChange(Number(id))}
    />
  );
}
