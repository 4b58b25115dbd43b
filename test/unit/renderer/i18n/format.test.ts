import { describe, expect, it } from 'vitest';
import { formatsFor } from '../../../../renderer/i18n/format.ts';

const NOW = new Date('2026-12-02T15:05:00Z');

describe('quantities in each language', () => {
  it('groups digits as each language does', () => {
    expect(formatsFor('en').number(12480)).toBe('12,480');
    expect(formatsFor('de').number(12480)).toBe('12.480');
    expect(formatsFor('fr').number(12480)).toBe('12\u202f480');
    expect(formatsFor('ja').number(12480)).toBe('12,480');
  });

  it('names credits with each language’s plural forms', () => {
    expect(formatsFor('en').credits(1)).toBe('1 credit');
    expect(formatsFor('en').credits(1250)).toBe('1,250 credits');
    expect(formatsFor('fr').credits(1)).toBe('1 crédit');
    expect(formatsFor('fr').credits(1250)).toBe('1\u202f250 crédits');
    expect(formatsFor('ja').credits(1)).toBe('1 クレジット');
    expect(formatsFor('ar').credits(2)).toBe('نقطتان');
    expect(formatsFor('ar').credits(5)).toMatch(/^(5|٥) نقاط$/);
    expect(formatsFor('en-XA').credits(2)).toMatch(/^⟦2 çŕéðíţš·+⟧$/);
  });

  it('reads sizes in one set of units, with the language’s decimal mark and symbols', () => {
    expect(formatsFor('en').bytes(512)).toBe('512 B');
    expect(formatsFor('en').bytes(3.25 * 1024 * 1024)).toBe('3.3 MB');
    expect(formatsFor('de').bytes(3.25 * 1024 * 1024)).toBe('3,3 MB');
    expect(formatsFor('fr').bytes(3.25 * 1024 * 1024)).toBe('3,3 Mo');
    expect(formatsFor('fr').bytes(48 * 1024 ** 3)).toBe('48 Go');
  });

  it('reads durations as a clock in every language', () => {
    expect(formatsFor('en').duration(65)).toBe('1:05');
    expect(formatsFor('de').duration(3723)).toBe('1:02:03');
    expect(formatsFor('ja').duration(0.2)).toBe('0:01');
    expect(formatsFor('en').duration(Number.NaN)).toBe('—');
  });

  it('writes dates and times in the language’s own order', () => {
    const iso = '2026-03-09T15:05:00Z';
    expect(formatsFor('en').dateOf(iso)).toBe(new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(iso)));
    expect(formatsFor('de').dateOf(iso)).toMatch(/^\d{2}\.\d{2}\.2026$/);
    expect(formatsFor('ja').dateOf(iso)).toMatch(/^2026\/\d{2}\/\d{2}$/);
    expect(formatsFor('fr').timeOf(iso)).toMatch(/^\d{2}:\d{2}$/);
    expect(formatsFor('en').timeOf(iso)).toMatch(/^\d{1,2}:\d{2}\s?[AP]M$/);
    expect(formatsFor('en').dateOf('not a date')).toBe('—');
    expect(formatsFor('en').dateTimeOf(null)).toBe('—');
  });

  it('says how long ago, with the largest unit that fits', () => {
    expect(formatsFor('en').relativeTo('2026-12-02T15:02:00Z', NOW)).toBe('3 minutes ago');
    expect(formatsFor('en').relativeTo('2026-12-02T17:05:00Z', NOW)).toBe('in 2 hours');
    expect(formatsFor('en').relativeTo('2026-12-01T15:05:00Z', NOW)).toBe('yesterday');
    expect(formatsFor('fr').relativeTo('2026-12-02T15:02:00Z', NOW)).toBe('il y a 3 minutes');
    expect(formatsFor('ja').relativeTo('2026-12-02T15:02:00Z', NOW)).toBe('3 分前');
    expect(formatsFor('es').relativeTo('2026-12-02T15:04:58Z', NOW)).toBe('hace 2 segundos');
  });
});
