import { currentFormats } from '../i18n/currentLocale.ts';
import type { Formats } from '../i18n/format.ts';

/**
 * How numbers read on screen: counts with the reader's digit grouping, credits with their unit,
 * sizes in B/KB/MB/GB, durations as a clock ("0:04"), dates in the studio's language. Every screen
 * formats through here, so the same quantity reads the same everywhere; the work is done by
 * renderer/i18n/format.ts in the language the studio shows now.
 */

/** A whole number with digit grouping in the studio's language: 12,480. */
export function formatCount(count: number): string {
  return currentFormats().number(count);
}

/** "1 item", "2,400 items". English only: each caller's words move to the catalogs with their screen. */
export function formatCountOf(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** "1 credit", "1,250 credits", in the studio's language. */
export function creditsText(credits: number): string {
  return currentFormats().credits(credits);
}

/** 512 B, 14 KB, 3.2 MB, 48 MB, 1.5 GB: one decimal below ten units, none above. */
export function formatBytes(bytes: number): string {
  return currentFormats().bytes(bytes);
}

/** A length of time as a clock: 0:04, 1:05, 1:02:03 (see Formats.duration). */
export function formatDuration(seconds: number): string {
  return currentFormats().duration(seconds);
}

export function formatDate(iso: string | null | undefined): string {
  return currentFormats().dateOf(iso);
}

export function formatDateTime(iso: string | null | undefined): string {
  return currentFormats().dateTimeOf(iso);
}

/**
 * The sentence for text past its limit, naming how much to remove: "A prompt has at most 2,000
 * characters; remove 12." `what` is the text's name in the studio's language. Null when the text fits.
 */
export function tooLongMessage(what: string, length: number, max: number, formats: Formats = currentFormats()): string | null {
  if (length <= max) return null;
  return formats.text('ui.limit.tooLong', { what, max, excess: length - max });
}
