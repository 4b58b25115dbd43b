import { describe, expect, it } from 'vitest';
import { preferredSystemLanguages, systemLanguagesArgument, systemLanguagesFromArgv } from '../../../../shared/ipc/systemLanguages.ts';

const app = (preferred: string[], locale: string) => ({ getPreferredSystemLanguages: () => preferred, getLocale: () => locale });

describe("the system's languages, from the desktop shell to its page", () => {
  it("takes the system's preferred languages in their order", () => {
    expect(preferredSystemLanguages(app(['ar-EG', 'fr-FR', 'en-US'], 'en-US'))).toEqual(['ar-EG', 'fr-FR', 'en-US']);
  });

  it("falls back to the app's locale when the system names none", () => {
    expect(preferredSystemLanguages(app([], 'ja'))).toEqual(['ja']);
    expect(preferredSystemLanguages(app(['', '  '], 'pt-BR'))).toEqual(['pt-BR']);
  });

  it('carries the list on one argument the preload reads back as it was', () => {
    const argument = systemLanguagesArgument(['zh-Hans-CN', 'ja-JP', 'en']);
    expect(argument).toBe('--cast-system-languages=zh-Hans-CN,ja-JP,en');
    expect(systemLanguagesFromArgv(['/path/to/electron', '--type=renderer', argument, '--other'])).toEqual(['zh-Hans-CN', 'ja-JP', 'en']);
  });

  it('reads no languages where the argument is missing or empty', () => {
    expect(systemLanguagesFromArgv(['/path/to/electron', '--type=renderer'])).toEqual([]);
    expect(systemLanguagesFromArgv([systemLanguagesArgument([])])).toEqual([]);
  });

  it('keeps only well-formed tags, once each, at most sixteen', () => {
    expect(systemLanguagesFromArgv(['--cast-system-languages=en_US,de,de,<script>,a,pt-BR,x-'])).toEqual(['en-US', 'de', 'pt-BR']);
    const many = Array.from({ length: 40 }, (_, i) => `en-${String(100 + i)}`);
    expect(systemLanguagesFromArgv([systemLanguagesArgument(many)])).toHaveLength(16);
    expect(preferredSystemLanguages(app(['fr,en', 'es'], 'en'))).toEqual(['es']);
  });
});
