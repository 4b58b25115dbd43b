import { useEffect, useState, type ButtonHTMLAttributes, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { Maximize, Minimize, Pause, Play, Volume2, VolumeX } from 'lucide-react';
import { Slider } from '../primitives/Slider.tsx';
import { clock } from './playerKeys.ts';
import './mediaPlayer.css';

/**
 * The media player's controls as parts, for a player that drives its own media (the scene player
 * plays several clips as one piece): the same look, names and keys as the one player's row.
 */

type PlayPauseProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'> & {
  playing: boolean;
  /** What plays, for the button's name ("Play The morning after"). */
  label: string;
  onToggle: () => void;
};

/** The round play and pause button. */
export function PlayPauseButton({ playing, label, onToggle, className, ...rest }: PlayPauseProps) {
  const intl = useIntl();
  return (
    <button
      {...rest}
      type="button"
      className={`media-button media-play ${className ?? ''}`}
      onClick={onToggle}
      aria-label={intl.formatMessage({ id: playing ? 'ui.player.pause' : 'ui.player.play' }, { label })}
    >
      {playing ? <Pause size={18} aria-hidden="true" /> : <Play size={18} aria-hidden="true" />}
    </button>
  );
}

/** Where the media is and how long it is, as m:ss / m:ss. */
export function MediaTime({ time, duration }: { time: number; duration: number }) {
  return (
    <span className="media-time" aria-hidden="true">
      {clock(time)} / {clock(duration)}
    </span>
  );
}

/** The position track without the hovered still (for media whose picture is not one file). */
export function MediaScrubSlider({
  label,
  time,
  duration,
  onSeek,
}: {
  label: string;
  time: number;
  duration: number;
  onSeek: (time: number) => void;
}) {
  const intl = useIntl();
  return (
    <div className="media-scrub">
      <Slider
        label={intl.formatMessage({ id: 'ui.player.position' }, { label })}
        value={Math.min(time, duration)}
        max={duration > 0 ? duration : 1}
        step={0.01}
        onChange={onSeek}
        valueText={intl.formatMessage({ id: 'ui.player.positionValue' }, { time: clock(time), duration: clock(duration) })}
        className="media-scrub-slider"
      />
    </div>
  );
}

/** Mute and the volume track; `onChange` gets the volume (0..1), 0 muting. */
export function VolumeControl({
  volume,
  muted,
  onChange,
  onToggleMute,
}: {
  volume: number;
  muted: boolean;
  onChange: (volume: number) => void;
  onToggleMute: () => void;
}) {
  const intl = useIntl();
  const percent = muted ? 0 : Math.round(volume * 100);
  return (
    <>
      <button
        type="button"
        className="media-button"
        onClick={onToggleMute}
        aria-label={intl.formatMessage({ id: muted ? 'ui.player.unmute' : 'ui.player.mute' })}
      >
        {muted || volume === 0 ? <VolumeX size={16} aria-hidden="true" /> : <Volume2 size={16} aria-hidden="true" />}
      </button>
      <Slider
        label={intl.formatMessage({ id: 'ui.player.volume' })}
        className="media-volume"
        value={percent}
        onChange={(value) => onChange(value / 100)}
        valueText={intl.formatNumber(percent / 100, { style: 'percent' })}
      />
    </>
  );
}

/** Whether `frame` is the page's full-screen element, followed as it changes (Esc leaves full screen without the player). */
export function useFullscreen(frame: RefObject<HTMLElement | null>): { fullscreen: boolean; toggle: () => void } {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const follow = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === frame.current);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, [frame]);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void frame.current?.requestFullscreen().catch(() => undefined);
  };
  return { fullscreen, toggle };
}

/** Full screen and back. */
export function FullscreenButton({ fullscreen, onToggle }: { fullscreen: boolean; onToggle: () => void }) {
  const intl = useIntl();
  return (
    <button
      type="button"
      className="media-button"
      onClick={onToggle}
      aria-label={intl.formatMessage({ id: fullscreen ? 'ui.player.exitFullscreen' : 'ui.player.fullscreen' })}
    >
      {fullscreen ? <Minimize size={16} aria-hidden="true" /> : <Maximize size={16} aria-hidden="true" />}
    </button>
  );
}
