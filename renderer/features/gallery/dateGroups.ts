import { currentLocale } from '../../i18n/currentLocale.ts';
import { formatsFor, type Formats } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';

/**
 * The gallery's date groups: Today, Yesterday, This week (since Monday), then one group per month.
 * Days are the viewer's own calendar days (or `timeZone`'s, for tests), read from the clock `now`;
 * the headings are in the studio's language (or `locale`'s).
 */
export interface DateGroup {
  key: string;
  label: string;
}

const DAY_MS = 86_400_000;

/**
 * Making an Intl formatter costs about a millisecond and it holds nothing of a day: each is made
 * once, when first needed, rather than three for every grouper (one per filter change).
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([locale, options]);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

export class DateGrouper {
  readonly locale: Locale;
  private readonly parts: Intl.DateTimeFormat;
  private readonly formats: Formats;
  private readonly today: number;
  private readonly weekStart: number;
  private readonly year: number;
  /** Group per calendar day already worked out: a library's items share few days. */
  private readonly byDay = new Map<string, DateGroup>();

  constructor(now: Date, timeZone?: string, locale: Locale = currentLocale()) {
    this.locale = locale;
    this.parts = formatOf('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    this.formats = formatsFor(locale);
    const today = this.dayOf(now);
    this.today = today.serial;
    this.year = today.year;
    // Monday starts the week (ISO 8601): serial day 0 (1970-01-01) was a Thursday.
    this.weekStart = this.today - ((this.today + 3) % 7);
  }

  /** Whether `now` falls on the day this grouper counts from. */
  isToday(now: Date): boolean {
    return this.dayOf(now).serial === this.today;
  }

  /** The group of an ISO timestamp; an unreadable one joins today's. */
  groupOf(iso: string): DateGroup {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return this.named('today');
    const day = this.dayOf(date);
    const cached = this.byDay.get(day.text);
    if (cached) return cached;
    const group = this.groupOfDay(day);
    this.byDay.set(day.text, group);
    return group;
  }

  private groupOfDay(day: { serial: number; year: number; month: number; text: string }): DateGroup {
    if (day.serial >= this.today) return this.named('today');
    if (day.serial === this.today - 1) return this.named('yesterday');
    if (day.serial >= this.weekStart) return this.named('week');
    const label = this.formats.monthOf(day.year, day.month, day.year !== this.year);
    return { key: `${day.year}-${String(day.month).padStart(2, '0')}`, label };
  }

  private named(key: 'today' | 'yesterday' | 'week'): DateGroup {
    return { key, label: this.formats.text(`gallery.group.${key}`) };
  }

  /** The calendar day in the grouper's time zone, and its serial number (days since 1970-01-01). */
  private dayOf(date: Date): { serial: number; year: number; month: number; text: string } {
    // en-CA formats as YYYY-MM-DD.
    const text = this.parts.format(date);
    const [year, month, day] = text.split('-').map(Number) as [number, number, number];
    return { serial: Math.round(Date.UTC(year, month - 1, day) / DAY_MS), year, month, text };
  }
}
