/**
 * How numbers read on screen: counts with the reader's digit grouping, credits with their unit,
 * sizes in B/KB/MB/GB, durations as a clock ("0:04"), dates in the reader's locale. Every screen
 * formats through here, so the same quantity reads the same everywhere.
 */

const COUNT = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const ONE_DECIMAL = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A whole number with digit grouping: 12,480. */
export function formatCount(count: number): string {
  return COUNT.format(count);
}

/** "1 item", "2,400 items". */
export function formatCountOf(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** "1 credit", "1,250 credits". */
export function creditsText(credits: number): string {
  return formatCountOf(credits, 'credit');
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 512 B, 14 KB, 3.2 MB, 48 MB, 1.5 GB: one decimal below ten units, none above. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? formatCount(Math.round(value)) : ONE_DECIMAL.format(value);
  return `${shown} ${BYTE_UNITS[unit]}`;
}

/**
 * A length of time as a clock: 0:04, 1:05, 1:02:03. Whole seconds, cut as media players cut them
 * (so a 2.6 s track reads 0:02 here and in its player); anything above zero but under a second
 * reads 0:01 rather than an empty-sounding 0:00.
 */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  const whole = seconds > 0 && seconds < 1 ? 1 : Math.floor(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : DATE.format(date);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : DATE_TIME.format(date);
}

/**
 * The sentence for text past its limit, naming how much to remove: "A prompt has at most 2,000
 * characters; remove 12." Null when the text fits.
 */
export function tooLongMessage(what: string, length: number, max: number): string | null {
  if (length <= max) return null;
  return `${what} has at most ${formatCount(max)} characters; remove ${formatCount(length - max)}.`;
}
