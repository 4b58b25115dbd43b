import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../../../renderer/i18n/catalogs.ts';

/** Settings → Sync's "N changes waiting" in a language, for a count (the unit project loads every catalog first). */
function waiting(locale: 'en' | 'fr' | 'ja' | 'ar', count: number): string {
  return String(new IntlMessageFormat(messagesFor(locale)['sync.pending'], locale).format({ count }));
}

describe('the changes waiting to sync, counted in each language', () => {
  it('says none, one and many in English and French', () => {
    expect([0, 1, 3].map((n) => waiting('en', n))).toEqual(['no changes waiting', '1 change waiting', '3 changes waiting']);
    expect(waiting('fr', 1)).toBe('1 modification en attente');
    expect(waiting('fr', 1250)).toBe('1\u202f250 modifications en attente');
  });

  it('has one form in Japanese and the six in Arabic', () => {
    expect(waiting('ja', 1)).toBe('未送信の変更 1 件');
    expect(waiting('ar', 0)).toBe('لا تغييرات بانتظار المزامنة');
    expect(waiting('ar', 1)).toBe('تغيير واحد بانتظار المزامنة');
    expect(waiting('ar', 2)).toBe('تغييران بانتظار المزامنة');
    expect(waiting('ar', 3)).toMatch(/^(3|٣) تغييرات بانتظار المزامنة$/);
    expect(waiting('ar', 11)).toMatch(/^(11|١١) تغييرًا بانتظار المزامنة$/);
    expect(waiting('ar', 100)).toMatch(/^(100|١٠٠) تغيير بانتظار المزامنة$/);
  });
});
