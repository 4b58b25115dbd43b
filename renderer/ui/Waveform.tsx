import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { drawBars, loadPeaks } from './waveformPeaks.ts';
import './waveform.css';

interface WaveformProps {
  src: string;
  /** The player this waveform follows and seeks. */
  audio: RefObject<HTMLMediaElement | null>;
  label: string;
  height?: number;
}

/** An audio file's waveform drawn on a canvas; it shows the playhead and seeks on click or arrows. */
export function Waveform({ src, audio, label, height = 64 }: WaveformProps) {
  const intl = useIntl();
  const canvas = useRef<HTMLCanvasElement | null>(null);
  // The peaks belong to the file they were read from: another src shows none until its own arrive.
  const [loaded, setLoaded] = useState<{ src: string; peaks: Float32Array | null; failed: boolean } | null>(null);
  const peaks = loaded?.src === src ? loaded.peaks : null;
  const failed = loaded?.src === src && loaded.failed;
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    let live = true;
    loadPeaks(src).then(
      (read) => live && setLoaded({ src, peaks: read, failed: false }),
      () => live && setLoaded({ src, peaks: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [src]);

  useEffect(() => {
    const player = audio.current;
    if (!player) return;
    const update = () => setProgress(player.duration > 0 ? player.currentTime / player.duration : 0);
    player.addEventListener('timeupdate', update);
    player.addEventListener('seeked', update);
    player.addEventListener('loadedmetadata', update);
    return () => {
      player.removeEventListener('timeupdate', update);
      player.removeEventListener('seeked', update);
      player.removeEventListener('loadedmetadata', update);
    };
  }, [audio]);

  useEffect(() => {
    const element = canvas.current;
    if (!element || !peaks) return;
    draw(element, peaks, progress, height);
    const observer = new ResizeObserver(() => draw(element, peaks, progress, height));
    observer.observe(element);
    return () => observer.disconnect();
  }, [peaks, progress, height]);

  const seek = (fraction: number) => {
    const player = audio.current;
    if (player) seekTo(player, fraction);
  };
  const onClick = (event: MouseEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    seek((event.clientX - box.left) / box.width);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (event.key === 'ArrowRight') seek(progress + 0.05);
    else if (event.key === 'ArrowLeft') seek(progress - 0.05);
    else return;
    event.preventDefault();
  };

  if (failed) return <p className="waveform-note">{intl.formatMessage({ id: 'ui.waveform.failed' })}</p>;
  return (
    <canvas
      ref={canvas}
      className="waveform"
      style={{ height }}
      role="slider"
      tabIndex={0}
      aria-label={`${label}: waveform, seek`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress * 100)}
      aria-busy={peaks === null}
      onClick={onClick}
      onKeyDown={onKeyDown}
    />
  );
}

/** Moves the player to a fraction (0..1) of its length, once it knows its length. */
function seekTo(player: HTMLMediaElement, fraction: number): void {
  if (player.duration > 0) player.currentTime = Math.min(Math.max(fraction, 0), 1) * player.duration;
}

function draw(canvas: HTMLCanvasElement, peaks: Float32Array, progress: number, height: number): void {
  const style = getComputedStyle(canvas);
  const played = style.getPropertyValue('--waveform-played').trim() || '#6d5cff';
  const rest = style.getPropertyValue('--waveform-rest').trim() || '#9a9aa8';
  drawBars(canvas, peaks, { bar: 3, gap: 1, reach: (middle) => middle - 2, colour: (at) => (at < progress ? played : rest) }, height);
}
