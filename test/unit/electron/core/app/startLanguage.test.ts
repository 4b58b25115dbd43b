import { describe, expect, it } from 'vitest';
import { acceptedLanguages, chosenCatalogIn, startCatalog } from '../../../../../electron/core/app/startLanguage.ts';

describe('the language a page starts in, as the shell picks it', () => {
  it('takes the language chosen in Settings, English for the pseudo-locale, and none when they follow the system', () => {
    expect(chosenCatalogIn({ settings: { theme: 'dark', language: 'ja' } })).toBe('ja');
    expect(chosenCatalogIn({ settings: { language: 'pt-BR' } })).toBe('pt-BR');
    expect(chosenCatalogIn({ settings: { language: 'en-XA' } })).toBe('en');
    expect(chosenCatalogIn({ settings: { language: 'system' } })).toBeNull();
    expect(chosenCatalogIn({ settings: {} })).toBeNull();
    expect(chosenCatalogIn(null)).toBeNull();
  });

  it('reads nothing from a hand-edited file: a language with no catalog, a settings value of another shape', () => {
    expect(chosenCatalogIn({ settings: { language: 'ko' } })).toBeNull();
    expect(chosenCatalogIn({ settings: { language: ['ja'] } })).toBeNull();
    expect(chosenCatalogIn({ settings: 'ja' })).toBeNull();
    expect(chosenCatalogIn({ settings: null })).toBeNull();
    expect(chosenCatalogIn({ language: 'ja' })).toBeNull();
  });

  it('follows the system when nothing is chosen, as the page does', () => {
    expect(startCatalog('ja', ['de-DE'])).toBe('ja');
    expect(startCatalog(null, ['pl-PL', 'de-DE'])).toBe('de');
    expect(startCatalog(null, ['zh-Hant-TW'])).toBe('zh-CN');
    expect(startCatalog(null, ['pl-PL'])).toBe('en');
    expect(startCatalog(null, [])).toBe('en');
  });

  it('reads a browser’s languages from its Accept-Language, most preferred first', () => {
    expect(acceptedLanguages('ja-JP,ja;q=0.9')).toEqual(['ja-JP', 'ja']);
    expect(acceptedLanguages('de;q=0.5, ar-EG, fr;q=0.8')).toEqual(['ar-EG', 'fr', 'de']);
    expect(acceptedLanguages('en-US;q=0.7,pt-BR;q=0.7')).toEqual(['en-US', 'pt-BR']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });

  it('leaves out what no page would read: a weight of zero, a wildcard, a malformed tag or weight', () => {
    expect(acceptedLanguages('ja;q=0, *, fr;q=abc, de;q=2, <script>, es;q=0.3')).toEqual(['es']);
    const many = Array.from({ length: 40 }, (_, i) => `x${String.fromCharCode(97 + (i % 26))};q=0.1`).join(',');
    expect(acceptedLanguages(`${many},ja`)).toHaveLength(16);
  });
});
