/**
 * A finished clip's real length, read from its file's container header (MP4 or WAV/MP3/Ogg), in
 * whole milliseconds; null when the file cannot be read. Subtitles and the player time lines by it,
 * so it is the file's own word, not the duration the request asked for.
 */
export async function mediaDurationMs(path: string): Promise<number | null> {
  // Loaded on first use: mediabunny costs core's start about 0.1 s, and only finished clips need it.
  const { ALL_FORMATS, FilePathSource, Input } = await import('mediabunny');
  const input = new Input({ source: new FilePathSource(path), formats: ALL_FORMATS });
  try {
    const seconds = await input.computeDuration();
    return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null;
  } catch {
    return null;
  } finally {
    input.dispose();
  }
}
