import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useIntl } from 'react-intl';
import { Slider } from '../primitives/Slider.tsx';
import { clock } from './playerKeys.ts';

type VideoScrubBarProps = {
  src: string;
  label: string;
  time: number;
  duration: number;
  onSeek: (time: number) => void;
};

const PREVIEW_WIDTH = 160;

/**
 * The video's scrub bar, with a still of the hovered moment above it: a second, hidden <video> of
 * the same file is seeked to the hover time and drawn to a canvas (the playing video never jumps).
 */
export function VideoScrubBar({ src, label, time, duration, onSeek }: VideoScrubBarProps) {
  const intl = useIntl();
  const preview = useRef<HTMLVideoElement | null>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [hover, setHover] = useState<{ fraction: number; time: number } | null>(null);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const video = preview.current;
    const target = canvas.current;
    if (!video || !target || hover === null) return;
    const draw = () => {
      const context = target.getContext('2d');
      if (!context || video.videoWidth === 0) return;
      target.width = PREVIEW_WIDTH;
      target.height = Math.round((PREVIEW_WIDTH * video.videoHeight) / video.videoWidth);
      context.drawImage(video, 0, 0, target.width, target.height);
    };
    video.addEventListener('seeked', draw);
    if (Math.abs(video.currentTime - hover.time) > 0.05) video.currentTime = hover.time;
    else draw();
    video.addEventListener('loadeddata', draw);
    return () => {
      video.removeEventListener('seeked', draw);
      video.removeEventListener('loadeddata', draw);
    };
  }, [hover, wanted]);

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (duration <= 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    const fraction = Math.min(Math.max((event.clientX - box.left) / box.width, 0), 1);
    setWanted(true);
    setHover({ fraction, time: fraction * duration });
  };

  return (
    <div className="media-scrub" onPointerMove={onPointerMove} onPointerLeave={() => setHover(null)}>
      <Slider
        label={intl.formatMessage({ id: 'ui.player.position' }, { label })}
        value={time}
        max={duration > 0 ? duration : 1}
        step={0.01}
        onChange={onSeek}
        valueText={intl.formatMessage({ id: 'ui.player.positionValue' }, { time: clock(time), duration: clock(duration) })}
        className="media-scrub-slider"
      />
      <div
        className="media-scrub-preview"
        hidden={hover === null}
        style={{ left: `${(hover?.fraction ?? 0) * 100}%` }}
        aria-hidden="true"
        data-testid="scrub-preview"
      >
        <canvas ref={canvas} width={PREVIEW_WIDTH} height={90} />
        <span>{clock(hover?.time ?? 0)}</span>
      </div>
      {/* Made on the first hover, so a player nobody scrubs loads its file once. */}
      {wanted && (
        <video ref={preview} src={src} muted preload="auto" hidden aria-hidden="true" tabIndex={-1} className="media-scrub-source" />
      )}
    </div>
  );
}
