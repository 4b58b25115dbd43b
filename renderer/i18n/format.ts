import { createIntl, type IntlShape } from 'react-intl';
import { messagesFor, type MessageId } from './catalogs.ts';
import { PSEUDO_LOCALE, type Locale } from './locales.ts';

const NONE = '—';
const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A name or path isolated from the sentence around it (first-strong isolate), as `<bdi>` does in markup. */
const isolate = (chunks: string[]) => `\u2068${chunks.join('')}\u2069`;
/** The largest unit that fits a span, with how many seconds it holds. */
const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', 1],
];

/**
 * How quantities read in one locale, through the platform's Intl: counts with the locale's digits
 * and grouping, credits and sizes through the catalog's plural and unit messages, durations as a
 * clock, dates, times and "3 minutes ago". Built once per locale (Intl objects are costly to make).
 */
export class Formats {
  readonly locale: Locale;
  private readonly intlLocale: string;
  private readonly count: Intl.NumberFormat;
  private readonly oneDecimal: Intl.NumberFormat;
  private readonly twoDigits: Intl.NumberFormat;
  private readonly date: Intl.DateTimeFormat;
  private readonly time: Intl.DateTimeFormat;
  private readonly dateTime: Intl.DateTimeFormat;
  private readonly relative: Intl.RelativeTimeFormat;
  private readonly intl: IntlShape;

  constructor(locale: Locale) {
    this.locale = locale;
    // The pseudo-locale is English underneath: its numbers and dates read as English ones do.
    this.intlLocale = locale === PSEUDO_LOCALE ? 'en' : locale;
    this.count = new Intl.NumberFormat(this.intlLocale, { maximumFractionDigits: 0 });
    this.oneDecimal = new Intl.NumberFormat(this.intlLocale, { maximumFractionDigits: 1 });
    this.twoDigits = new Intl.NumberFormat(this.intlLocale, { minimumIntegerDigits: 2, useGrouping: false });
    this.date = new Intl.DateTimeFormat(this.intlLocale, { dateStyle: 'medium' });
    this.time = new Intl.DateTimeFormat(this.intlLocale, { timeStyle: 'short' });
    this.dateTime = new Intl.DateTimeFormat(this.intlLocale, { dateStyle: 'medium', timeStyle: 'short' });
    this.relative = new Intl.RelativeTimeFormat(this.intlLocale, { numeric: 'auto' });
    this.intl = createIntl({ locale: this.intlLocale, messages: messagesFor(locale) });
  }

  /** A whole number with the locale's digits and grouping: 12,480 · 12 480 · 12.480. */
  number(value: number): string {
    return this.count.format(value);
  }

  /** "1 credit", "1,250 credits", "1 250 crédits", "1,250 クレジット". */
  credits(count: number): string {
    return this.message('format.credits', { count });
  }

  /** 512 B, 14 KB, 3.2 MB, 1.5 GB (3,2 Mo in French): one decimal below ten units, none above. */
  bytes(bytes: number): string {
    let value = Math.max(0, bytes);
    let unit = 0;
    while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
      value /= 1024;
      unit += 1;
    }
    const size = unit === 0 || value >= 10 ? this.count.format(Math.round(value)) : this.oneDecimal.format(value);
    return this.message('format.bytes', { size, unit: BYTE_UNITS[unit] ?? 'B' });
  }

  /**
   * A length of time as a clock: 0:04, 1:05, 1:02:03. Whole seconds, cut as media players cut
   * them; anything above zero but under a second reads 0:01 rather than an empty-sounding 0:00.
   */
  duration(seconds: number): string {
    if (!Number.isFinite(seconds) || seconds < 0) return NONE;
    const whole = seconds > 0 && seconds < 1 ? 1 : Math.floor(seconds);
    const hours = Math.floor(whole / HOUR);
    const minutes = Math.floor((whole % HOUR) / MINUTE);
    const rest = this.twoDigits.format(whole % MINUTE);
    const head = hours > 0 ? `${this.count.format(hours)}:${this.twoDigits.format(minutes)}` : this.count.format(minutes);
    return `${head}:${rest}`;
  }

  /** "Dec 2, 2026", "2 déc. 2026", "2026/12/02". */
  dateOf(iso: string | null | undefined): string {
    const date = parseDate(iso);
    return date ? this.date.format(date) : NONE;
  }

  /** "3:05 PM", "15:05". */
  timeOf(iso: string | null | undefined): string {
    const date = parseDate(iso);
    return date ? this.time.format(date) : NONE;
  }

  dateTimeOf(iso: string | null | undefined): string {
    const date = parseDate(iso);
    return date ? this.dateTime.format(date) : NONE;
  }

  /** "3 minutes ago", "in 2 hours", "yesterday", "il y a 3 minutes": the largest unit that fits. */
  relativeTo(iso: string | null | undefined, now: Date): string {
    const date = parseDate(iso);
    if (!date) return NONE;
    const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
    const [unit, size] = RELATIVE_UNITS.find(([, span]) => Math.abs(seconds) >= span) ?? ['second', 1];
    return this.relative.format(Math.trunc(seconds / size), unit);
  }

  private message(id: MessageId, values: Record<string, string | number>): string {
    return this.intl.formatMessage({ id }, values);
  }

  /** Choices joined as the language says "this or that": "an image or a video", "画像または動画". */
  anyOf(items: readonly string[]): string {
    return new Intl.ListFormat(this.intlLocale, { type: 'disjunction' }).format(items);
  }

  /** A number with at most one decimal, in the locale's digits: 2.4, 2,4, ٢٫٤. */
  decimal(value: number): string {
    return this.oneDecimal.format(value);
  }

  /** Any catalog message with its values, as plain text: for words made outside a component's JSX (a toast, a job's label, an error). */
  text(id: MessageId, values: Record<string, string | number | ((chunks: string[]) => string)> = {}): string {
    // A name or path in `<bdi>` keeps its own direction inside the sentence (first-strong isolate).
    const out: unknown = this.intl.formatMessage({ id }, { bdi: isolate, ...values });
    return Array.isArray(out) ? out.join('') : String(out);
  }

  /** A calendar month of the Gregorian calendar by name: "November", or "December 2025" with its year. */
  monthOf(year: number, month: number, withYear: boolean): string {
    const first = new Date(Date.UTC(year, month - 1, 1));
    const options: Intl.DateTimeFormatOptions = withYear ? { month: 'long', year: 'numeric' } : { month: 'long' };
    return this.intl.formatDate(first, { ...options, timeZone: 'UTC' });
  }

  private tenths: Intl.NumberFormat | null = null;

  /** A length in seconds to the tenth, as a sample and its trim read: "2.0 s", "2,0 s". */
  seconds(value: number): string {
    this.tenths ??= new Intl.NumberFormat(this.intlLocale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    return this.text('format.seconds', { value: this.tenths.format(value) });
  }
}

function parseDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const built = new Map<Locale, Formats>();

/** The formats of a locale, made once. */
export function formatsFor(locale: Locale): Formats {
  let formats = built.get(locale);
  if (!formats) {
    formats = new Formats(locale);
    built.set(locale, formats);
  }
  return formats;
}
