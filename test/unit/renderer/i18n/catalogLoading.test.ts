import { beforeEach, describe, expect, it, vi } from 'vitest';

type Catalogs = typeof import('../../../../renderer/i18n/catalogs.ts');

/** The catalogs module as a new page has it: only English loaded (the unit setup loads every catalog in its own copy). */
async function freshCatalogs(): Promise<Catalogs> {
  vi.resetModules();
  return import('../../../../renderer/i18n/catalogs.ts');
}

describe('loading the catalogs', () => {
  let catalogs: Catalogs;
  beforeEach(async () => {
    catalogs = await freshCatalogs();
  });

  it('has English and the pseudo-locale made from it from the start, and nothing else', () => {
    expect(catalogs.isLoaded('en')).toBe(true);
    expect(catalogs.isLoaded('en-XA')).toBe(true);
    expect(catalogs.messagesFor('en')['nav.screen.gallery']).toBe('Gallery');
    expect(catalogs.messagesFor('en-XA')['nav.screen.gallery']).toMatch(/^⟦Ĝáļļéŕý·+⟧$/);
    for (const locale of ['es', 'pt-BR', 'fr', 'de', 'ja', 'zh-CN', 'ar'] as const) expect(catalogs.isLoaded(locale)).toBe(false);
  });

  it('refuses a catalog that has not arrived, with a sentence saying what to do', () => {
    expect(() => catalogs.messagesFor('ja')).toThrow("The ja catalog is not loaded yet: loadMessages('ja') first.");
  });

  it('fetches a catalog once when it is asked for, and has it at once afterwards', async () => {
    const [first, second] = await Promise.all([catalogs.loadMessages('ja'), catalogs.loadMessages('ja')]);
    expect(first).toBe(second);
    expect(first['nav.screen.gallery']).toBe('ギャラリー');
    expect(catalogs.isLoaded('ja')).toBe(true);
    expect(catalogs.messagesFor('ja')).toBe(first);
    expect(catalogs.isLoaded('ar')).toBe(false);
    expect((await catalogs.loadMessages('ar'))['nav.screen.settings']).toBe('الإعدادات');
  });
});
