/**
 * Subtitles for an exported scene (SRT and WebVTT), timed from the clips' real durations: each
 * line's text is shown for the time its clip plays. A long line is split into cues of at most two
 * rows at sentence (or clause, or word) boundaries, each given a share of the line's time by its
 * length, so no cue sits on screen longer than it is spoken.
 */

export type SubtitleLine = {
  text: string;
  /** The speaker's name, when the line has one (a narrator line has none). */
  speaker: string | null;
  startMs: number;
  durationMs: number;
};

export type Cue = { startMs: number; endMs: number; text: string; speaker: string | null };

/** Characters on one subtitle row, and rows in one cue (the common broadcast guidance). */
export const ROW_CHARS = 42;
const ROWS_PER_CUE = 2;
const CUE_CHARS = ROW_CHARS * ROWS_PER_CUE;

export function cuesOf(lines: readonly SubtitleLine[]): Cue[] {
  const cues: Cue[] = [];
  for (const line of lines) {
    const pieces = splitText(line.text);
    const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
    let at = 0;
    for (const piece of pieces) {
      const startMs = line.startMs + Math.round((line.durationMs * at) / total);
      at += piece.length;
      const endMs = line.startMs + Math.round((line.durationMs * at) / total);
      if (endMs > startMs) cues.push({ startMs, endMs, text: wrapRows(piece), speaker: line.speaker });
    }
  }
  return cues;
}

export function toSrt(lines: readonly SubtitleLine[]): string {
  return cuesOf(lines)
    .map((cue, index) => `${index + 1}\n${srtTime(cue.startMs)} --> ${srtTime(cue.endMs)}\n${srtText(cue.text)}\n`)
    .join('\n');
}

export function toWebVtt(lines: readonly SubtitleLine[]): string {
  const cues = cuesOf(lines).map((cue) => {
    const voice = cue.speaker === null ? '' : `<v ${vttEscape(cue.speaker.replace(/>/g, ''))}>`;
    return `${vttTime(cue.startMs)} --> ${vttTime(cue.endMs)}\n${voice}${vttEscape(cue.text)}\n`;
  });
  return ['WEBVTT\n', ...cues].join('\n');
}

/** One line's words, no blank rows (a blank row ends a cue in both formats). */
function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The text in pieces of at most CUE_CHARS, cut after a sentence, else a clause, else a word. */
export function splitText(text: string): string[] {
  const pieces: string[] = [];
  let rest = normalize(text);
  while (rest.length > CUE_CHARS) {
    const cut = cutPoint(rest);
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest.length > 0) pieces.push(rest);
  return pieces;
}

function cutPoint(text: string): number {
  const window = text.slice(0, CUE_CHARS + 1);
  for (const boundary of [/[.!?…]["»”’)]?\s/g, /[,;:—–]\s/g, /\s/g]) {
    let last = -1;
    for (const match of window.matchAll(boundary)) if (match.index > CUE_CHARS / 3) last = match.index + match[0].length - 1;
    if (last > 0) return last;
  }
  return CUE_CHARS;
}

/** A piece on at most two rows, broken at the space nearest the middle when it is longer than a row. */
function wrapRows(piece: string): string {
  if (piece.length <= ROW_CHARS) return piece;
  const middle = piece.length / 2;
  let best = -1;
  for (let index = piece.indexOf(' '); index !== -1; index = piece.indexOf(' ', index + 1)) {
    if (best === -1 || Math.abs(index - middle) < Math.abs(best - middle)) best = index;
  }
  return best === -1 ? piece : `${piece.slice(0, best)}\n${piece.slice(best + 1)}`;
}

/** SRT has no escapes: an arrow in the text would read as a timing row, so it is broken. */
function srtText(text: string): string {
  return text.replace(/-->/g, '->');
}

/** WebVTT cue text: `&`, `<` and `>` as character references, so the words never read as tags. */
function vttEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function parts(ms: number): [string, string, string, string] {
  const total = Math.max(0, Math.round(ms));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor(total / 60_000) % 60;
  const seconds = Math.floor(total / 1000) % 60;
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return [pad(hours, 2), pad(minutes, 2), pad(seconds, 2), pad(total % 1000, 3)];
}

export function srtTime(ms: number): string {
  const [h, m, s, milli] = parts(ms);
  return `${h}:${m}:${s},${milli}`;
}

export function vttTime(ms: number): string {
  const [h, m, s, milli] = parts(ms);
  return `${h}:${m}:${s}.${milli}`;
}
