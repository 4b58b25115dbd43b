/** Peaks per waveform: enough detail for a wide detail view, resampled down for small players. */
export const PEAK_COUNT = 800;
const MAX_CACHED = 64;

const cache = new Map<string, Promise<Float32Array>>();
let decoder: OfflineAudioContext | null = null;

/**
 * Fetches an audio file from the library, decodes it with WebAudio and keeps the loudest sample of
 * each of PEAK_COUNT slices (0..1). Cached per URL: the file behind a content id never changes.
 */
export function loadPeaks(url: string): Promise<Float32Array> {
  const known = cache.get(url);
  if (known) return known;
  const pending = decodePeaks(url);
  cache.set(url, pending);
  pending.catch(() => cache.delete(url));
  if (cache.size > MAX_CACHED) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return pending;
}

async function decodePeaks(url: string): Promise<Float32Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The audio file could not be read (${response.status}).`);
  const bytes = await response.arrayBuffer();
  // An offline context decodes without needing a user gesture or an audio device.
  decoder ??= new OfflineAudioContext(1, 1, 44_100);
  const audio = await decoder.decodeAudioData(bytes);
  return peaksOf(audio);
}

export function peaksOf(audio: AudioBuffer): Float32Array {
  const peaks = new Float32Array(PEAK_COUNT);
  const length = audio.length;
  if (length === 0) return peaks;
  for (let channel = 0; channel < audio.numberOfChannels; channel += 1) {
    const samples = audio.getChannelData(channel);
    for (let slice = 0; slice < PEAK_COUNT; slice += 1) {
      const start = Math.floor((slice * length) / PEAK_COUNT);
      const end = Math.max(start + 1, Math.floor(((slice + 1) * length) / PEAK_COUNT));
      let peak = peaks[slice] ?? 0;
      for (let at = start; at < end; at += 1) {
        const value = Math.abs(samples[at] ?? 0);
        if (value > peak) peak = value;
      }
      peaks[slice] = peak;
    }
  }
  let loudest = 0;
  for (const value of peaks) loudest = Math.max(loudest, value);
  if (loudest > 0) for (let slice = 0; slice < PEAK_COUNT; slice += 1) peaks[slice] = (peaks[slice] ?? 0) / loudest;
  return peaks;
}

/** How a waveform's bars look: width and gap in CSS pixels, the share of half the height a full peak fills, and each bar's colour by its place (0..1). */
export type BarStyle = { bar: number; gap: number; reach: (middle: number) => number; colour: (at: number) => string };

/**
 * Draws peaks as bars on a canvas at the screen's pixel ratio, sized to its layout box (`height`
 * overrides the box's height): each bar the loudest of its slice of peaks, mirrored around the middle.
 */
export function drawBars(canvas: HTMLCanvasElement, peaks: Float32Array, style: BarStyle, height = canvas.clientHeight): void {
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  if (width === 0 || height === 0) return;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const context = canvas.getContext('2d');
  if (!context) return;
  context.scale(ratio, ratio);
  context.clearRect(0, 0, width, height);
  const bars = Math.max(1, Math.floor(width / (style.bar + style.gap)));
  const middle = height / 2;
  for (let bar = 0; bar < bars; bar += 1) {
    const from = Math.floor((bar * PEAK_COUNT) / bars);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * PEAK_COUNT) / bars));
    let peak = 0;
    for (let at = from; at < to; at += 1) peak = Math.max(peak, peaks[at] ?? 0);
    const half = Math.max(1, peak * style.reach(middle));
    context.fillStyle = style.colour(bar / bars);
    context.fillRect(bar * (style.bar + style.gap), middle - half, style.bar, half * 2);
  }
}
