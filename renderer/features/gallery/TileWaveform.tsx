import { useEffect, useRef, useState } from 'react';
import { drawBars, loadPeaks } from '../../ui/waveformPeaks.ts';

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
  const colour = getComputedStyle(canvas).color;
  drawBars(canvas, peaks, { bar: 2, gap: 1, reach: (middle) => middle * 0.8, colour: () => colour });
}
