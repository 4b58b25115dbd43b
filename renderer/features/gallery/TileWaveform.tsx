import { useEffect, useRef, useState } from 'react';
import { loadPeaks, PEAK_COUNT } from '../../ui/waveformPeaks.ts';

const BAR = 2;
const GAP = 1;

/** A speech track's waveform as a tile's picture: drawn once from the file's peaks, not interactive. */
export function TileWaveform({ src }: { src: string }) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [peaks, setPeaks] = useState<Float32Array | null>(null);

  useEffect(() => {
    let live = true;
    loadPeaks(src).then(
      (read) => live && setPeaks(read),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [src]);

  useEffect(() => {
    const element = canvas.current;
    if (!element || !peaks) return;
    draw(element, peaks);
    const observer = new ResizeObserver(() => draw(element, peaks));
    observer.observe(element);
    return () => observer.disconnect();
  }, [peaks]);

  return <canvas ref={canvas} className="tile-waveform" aria-hidden="true" data-drawn={peaks !== null} />;
}

function draw(canvas: HTMLCanvasElement, peaks: Float32Array): void {
  const ratio = window.devicePixelRatio || 1;
  const { clientWidth: width, clientHeight: height } = canvas;
  if (width === 0 || height === 0) return;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const context = canvas.getContext('2d');
  if (!context) return;
  context.scale(ratio, ratio);
  context.fillStyle = getComputedStyle(canvas).color;
  const bars = Math.max(1, Math.floor(width / (BAR + GAP)));
  const middle = height / 2;
  for (let bar = 0; bar < bars; bar += 1) {
    const from = Math.floor((bar * PEAK_COUNT) / bars);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * PEAK_COUNT) / bars));
    let peak = 0;
    for (let at = from; at < to; at += 1) peak = Math.max(peak, peaks[at] ?? 0);
    const half = Math.max(1, peak * (middle * 0.8));
    context.fillRect(bar * (BAR + GAP), middle - half, BAR, half * 2);
  }
}
