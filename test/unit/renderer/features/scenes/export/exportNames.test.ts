import { afterEach, describe, expect, it } from 'vitest';
import { SceneExportNames } from '../../../../../../shared/ipc/index.ts';
import { exportNames } from '../../../../../../renderer/features/scenes/export/exportScene.ts';
import { loadMessages } from '../../../../../../renderer/i18n/catalogs.ts';
import { setCurrentLocale } from '../../../../../../renderer/i18n/currentLocale.ts';
import { LOCALES } from '../../../../../../renderer/i18n/locales.ts';

afterEach(() => setCurrentLocale('en'));

describe('the names a scene export writes', () => {
  it('are the person’s words, from the catalog of the language the page shows', async () => {
    await loadMessages('de');
    setCurrentLocale('de');
    expect(exportNames()).toEqual({
      untitled: 'Szene ohne Titel',
      clipsFolder: 'Clips',
      narrator: 'Erzähler',
      someone: 'Jemand',
      clip: 'Clip',
    });
  });

  it('are, in every language, names core takes', async () => {
    for (const locale of LOCALES) {
      await loadMessages(locale);
      setCurrentLocale(locale);
      const names = exportNames();
      expect(SceneExportNames.safeParse(names).success, `${locale}: ${JSON.stringify(names)}`).toBe(true);
      // Each kind of line has its own word: the select of the catalog resolved each case.
      expect(new Set([names.narrator, names.someone, names.clip]).size, locale).toBe(3);
    }
  });
});
