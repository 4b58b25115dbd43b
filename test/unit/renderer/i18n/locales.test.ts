import { describe, expect, it } from 'vitest';
import { isRightToLeft, matchLocale, resolveLocale } from '../../../../renderer/i18n/locales.ts';

describe('which language the studio shows', () => {
  it('takes the first system language it speaks, by exact tag and then by language', () => {
    expect(matchLocale(['pt-BR', 'en'])).toBe('pt-BR');
    expect(matchLocale(['pt-PT'])).toBe('pt-BR');
    expect(matchLocale(['de-AT', 'en-US'])).toBe('de');
    expect(matchLocale(['zh-Hans-CN'])).toBe('zh-CN');
    expect(matchLocale(['ja_JP'])).toBe('ja');
    expect(matchLocale(['ko-KR', 'fr-CA', 'en'])).toBe('fr');
    expect(matchLocale(['ar-EG'])).toBe('ar');
  });

  it('falls back to English when it speaks none of them', () => {
    expect(matchLocale(['ko-KR', 'ru'])).toBe('en');
    expect(matchLocale([])).toBe('en');
    expect(matchLocale(['not a tag!'])).toBe('en');
  });

  it('follows the system unless Settings chose a language', () => {
    expect(resolveLocale('system', ['es-MX'])).toBe('es');
    expect(resolveLocale(undefined, ['es-MX'])).toBe('es');
    expect(resolveLocale('ja', ['es-MX'])).toBe('ja');
    expect(resolveLocale('en-XA', ['es-MX'])).toBe('en-XA');
  });

  it('writes Arabic right to left and the others left to right', () => {
    expect(isRightToLeft('ar')).toBe(true);
    expect(isRightToLeft('en')).toBe(false);
    expect(isRightToLeft('ja')).toBe(false);
    expect(isRightToLeft('en-XA')).toBe(false);
  });
});
