import { LIMITS } from '../../../shared/api/limits.ts';

/** How many words of the text name a track by default. */
const FIRST_WORDS = 5;

/**
 * A track's default name: its voice and the first words it says ("Mira — Welcome to the rooftop…"),
 * so a list of tracks reads as what was said and by whom. Kept within the service's limit for a
 * track name (spec 4.5); without a voice or words, null (the service then names it).
 */
export function defaultTrackName(voiceName: string | null | undefined, text: string): string | null {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const voice = voiceName?.trim() ?? '';
  if (words.length === 0) return voice || null;
  const opening = words.slice(0, FIRST_WORDS).join(' ');
  const more = words.length > FIRST_WORDS;
  const said = `${opening.replace(/[\s.,;:!?—–-]+$/u, '')}${more ? '…' : ''}`;
  const name = voice ? `${voice} — ${said}` : said;
  return name.length <= LIMITS.audioTrackName ? name : `${name.slice(0, LIMITS.audioTrackName - 1).trimEnd()}…`;
}
