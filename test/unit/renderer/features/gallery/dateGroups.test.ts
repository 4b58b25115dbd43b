import { describe, expect, it } from 'vitest';
import { DateGrouper } from '../../../../../renderer/features/gallery/dateGroups.ts';

describe('the gallery’s date groups', () => {
  // Thursday 26 November 2026, 10:00 UTC.
  const now = new Date('2026-11-26T10:00:00Z');

  it('names today, yesterday, the rest of this week and then months, in UTC', () => {
    const groups = new DateGrouper(now, 'UTC');
    const label = (iso: string) => groups.groupOf(iso).label;
    expect(label('2026-11-26T00:00:00Z')).toBe('Today');
    expect(label('2026-11-25T23:59:59Z')).toBe('Yesterday');
    expect(label('2026-11-24T08:00:00Z')).toBe('This week');
    expect(label('2026-11-23T00:00:00Z')).toBe('This week');
    expect(label('2026-11-22T23:59:59Z')).toBe('November');
    expect(label('2026-10-31T12:00:00Z')).toBe('October');
    expect(label('2025-12-31T12:00:00Z')).toBe('December 2025');
    expect(groups.groupOf('2025-12-01T00:00:00Z').key).toBe('2025-12');
  });

  it('reads days in the viewer’s own time zone', () => {
    // 10:00 UTC is 19:00 in Tokyo and 02:00 in Los Angeles, on the same calendar day.
    const tokyo = new DateGrouper(now, 'Asia/Tokyo');
    const losAngeles = new DateGrouper(now, 'America/Los_Angeles');
    // 16:00 UTC the day before: 01:00 today in Tokyo, 08:00 yesterday in Los Angeles.
    expect(tokyo.groupOf('2026-11-25T16:00:00Z').label).toBe('Today');
    expect(losAngeles.groupOf('2026-11-25T16:00:00Z').label).toBe('Yesterday');
    // 07:00 UTC on the 26th is still the 25th in Los Angeles (23:00).
    expect(losAngeles.groupOf('2026-11-26T07:00:00Z').label).toBe('Yesterday');
    expect(tokyo.groupOf('2026-11-26T07:00:00Z').label).toBe('Today');
  });

  it('starts the week on Monday: on a Monday, Sunday is yesterday and Saturday is last month’s or this month’s', () => {
    const monday = new DateGrouper(new Date('2026-11-30T12:00:00Z'), 'UTC');
    expect(monday.groupOf('2026-11-29T12:00:00Z').label).toBe('Yesterday');
    expect(monday.groupOf('2026-11-28T12:00:00Z').label).toBe('November');
    const sunday = new DateGrouper(new Date('2026-11-29T12:00:00Z'), 'UTC');
    expect(sunday.groupOf('2026-11-23T12:00:00Z').label).toBe('This week');
    expect(sunday.groupOf('2026-11-22T12:00:00Z').label).toBe('November');
  });

  it('puts items from the future (a clock set ahead) and unreadable dates under Today', () => {
    const groups = new DateGrouper(now, 'UTC');
    expect(groups.groupOf('2026-12-02T00:00:00Z').label).toBe('Today');
    expect(groups.groupOf('not a date').label).toBe('Today');
  });

  it('names its groups in the studio’s language, months by the language’s own calendar words', () => {
    const japanese = new DateGrouper(now, 'UTC', 'ja');
    expect(japanese.groupOf('2026-11-26T08:00:00Z').label).toBe('今日');
    expect(japanese.groupOf('2026-11-25T08:00:00Z').label).toBe('昨日');
    expect(japanese.groupOf('2026-11-24T08:00:00Z').label).toBe('今週');
    expect(japanese.groupOf('2026-10-31T12:00:00Z').label).toBe('10月');
    expect(japanese.groupOf('2025-12-31T12:00:00Z').label).toBe('2025年12月');
    const arabic = new DateGrouper(now, 'UTC', 'ar');
    expect(arabic.groupOf('2026-11-26T08:00:00Z').label).toBe('اليوم');
    expect(arabic.groupOf('2026-10-31T12:00:00Z').label).toBe(
      new Intl.DateTimeFormat('ar', { month: 'long' }).format(new Date(2026, 9, 15)),
    );
    expect(new DateGrouper(now, 'UTC', 'fr').groupOf('2025-12-31T12:00:00Z').label).toBe('décembre 2025');
  });
});
