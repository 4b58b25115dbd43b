import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { LOCALES, type CatalogLocale } from '../../../../shared/i18n/locales.ts';
import { appMenuTemplate } from '../../../../electron/main/appMenuTemplate.ts';
import { loadShellWords, ShellLanguage, shellLocale, type ShellMessageId, type ShellWords } from '../../../../electron/main/shellWords.ts';

const english = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../../renderer/i18n/messages/en.json', import.meta.url)), 'utf8'),
) as Record<string, string>;
const SHELL_IDS = Object.keys(english).filter((id) => id.startsWith('shell.')) as ShellMessageId[];

/** A value of the right kind for each argument the shell's messages take. */
const SAMPLE = { subject: 'Mira on a rooftop', holder: 'known', pid: 4242, folder: '/home/ana/.config/Cast Studio', seconds: 120 };

const options = { isMac: false, isPackaged: true, productName: 'Cast Studio' };
const labels = (items: readonly MenuItemConstructorOptions[]): string[] =>
  items.flatMap((item) => [
    ...(item.label === undefined ? [] : [item.label]),
    ...(Array.isArray(item.submenu) ? labels(item.submenu) : []),
  ]);

describe('the language the shell speaks', () => {
  it('is Settings’ language, else the first of the system’s the studio speaks, else English', () => {
    expect(shellLocale({ language: 'ja' }, ['de-DE'])).toBe('ja');
    expect(shellLocale({ language: 'system' }, ['en-GB', 'ar-EG'])).toBe('en');
    expect(shellLocale({ language: 'system' }, ['sw-KE', 'ar-EG'])).toBe('ar');
    expect(shellLocale(undefined, ['pt-PT'])).toBe('pt-BR');
    expect(shellLocale(undefined, ['sw'])).toBe('en');
  });

  it('reads the pseudo-locale as English, since its words are made from English in the page only', () => {
    expect(shellLocale({ language: 'en-XA' }, ['fr-FR'])).toBe('en');
  });
});

describe.each(LOCALES)('the shell’s words in %s', (locale: CatalogLocale) => {
  const load = () => loadShellWords(locale);

  it('formats every shell message with sample values, leaving no argument unfilled', async () => {
    const words = await load();
    expect(words.locale).toBe(locale);
    expect(SHELL_IDS.length).toBeGreaterThan(10);
    for (const id of SHELL_IDS) {
      const text = words.say(id, SAMPLE);
      expect(text.trim(), `${locale} ${id}`).not.toBe('');
      expect(text, `${locale} ${id}`).not.toMatch(/[{}]/);
      if (locale !== 'en') expect(text, `${locale} ${id} is the id, not a message`).not.toBe(id);
    }
  });

  it('says the folder in use with and without the holder’s process id', async () => {
    const words = await load();
    const known = words.say('shell.start.folderInUse', { holder: 'known', pid: 4242, folder: '/data/cast' });
    const unknown = words.say('shell.start.folderInUse', { holder: 'other', pid: 0, folder: '/data/cast' });
    expect(known).toContain('/data/cast');
    expect(unknown).toContain('/data/cast');
    // The process id is a number to find in a task manager: never grouped ("4,242").
    expect(known).toMatch(/4242|٤٢٤٢/);
    expect(unknown).not.toMatch(/[0-9٠-٩]/);
  });

  it('labels the menu’s own items and every role it lists', async () => {
    const words = await load();
    const template = appMenuTemplate(words, options, () => undefined);
    expect(labels(template)).toEqual(
      (
        [
          'shell.menu.file',
          'shell.menu.edit',
          'shell.menu.view',
          'shell.menu.reload',
          'shell.menu.actualSize',
          'shell.menu.zoomIn',
          'shell.menu.zoomOut',
          'shell.menu.fullScreen',
          'shell.menu.window',
          'shell.menu.help',
          'shell.menu.studioHelp',
        ] as const
      ).map((id) => words.say(id)),
    );
  });
});

describe('the application menu', () => {
  it('is in the chosen language', async () => {
    const words = await loadShellWords('ja');
    const template = appMenuTemplate(words, options, () => undefined);
    expect(template.map((item) => item.label)).toEqual(['ファイル', '編集', '表示', 'ウインドウ', 'ヘルプ']);
    expect(labels(template)).toContain('Cast Studio ヘルプ');
  });

  it('keeps the product’s name on macOS’s application menu, and developer tools in development builds only', async () => {
    const words = await loadShellWords('fr');
    const mac = appMenuTemplate(words, { ...options, isMac: true, isPackaged: false }, () => undefined);
    expect(mac[0]).toEqual({ label: 'Cast Studio', role: 'appMenu' });
    const view = mac.find((item) => item.label === 'Affichage')?.submenu as MenuItemConstructorOptions[];
    expect(view.map((item) => item.role)).toContain('toggleDevTools');
    const packaged = appMenuTemplate(words, options, () => undefined);
    const packagedView = packaged.find((item) => item.label === 'Affichage')?.submenu as MenuItemConstructorOptions[];
    expect(packagedView.map((item) => item.role)).not.toContain('toggleDevTools');
  });

  it('opens the help site from its help item', async () => {
    let opened = 0;
    const template = appMenuTemplate(await loadShellWords('en'), options, () => (opened += 1));
    const help = (template.at(-1)?.submenu as MenuItemConstructorOptions[])[0];
    expect(help?.label).toBe('Cast Studio Help');
    (help?.click as () => void)();
    expect(opened).toBe(1);
  });
});

describe('Arabic', () => {
  it('is right-to-left text around the creator’s own words, with its own plural forms', async () => {
    const words = await loadShellWords('ar');
    // The creator's text and a path are isolated, so they keep their own direction inside the sentence.
    expect(words.say('shell.notice.ready', { subject: 'Mira' })).toBe('\u2068Mira\u2069 جاهز');
    expect(words.say('shell.notice.open')).toBe('انقر لفتحها في Cast Studio.');
    expect(words.say('shell.menu.view')).toBe('عرض');
    expect(words.say('shell.start.coreLate', { seconds: 1 })).toContain('خلال ثانية واحدة.');
    expect(words.say('shell.start.coreLate', { seconds: 2 })).toContain('خلال ثانيتين.');
    expect(words.say('shell.start.logFolder', { folder: '/home/ana/.config/Cast Studio/logs' })).toBe(
      'السجلّ موجود في \u2068/home/ana/.config/Cast Studio/logs\u2069.',
    );
    expect(words.say('shell.start.folderInUse', { holder: 'other', pid: 0, folder: '/data/cast' })).toBe(
      'نسخة أخرى من Cast Studio تستخدم مجلد البيانات \u2068/data/cast\u2069 بالفعل. أغلقها أولًا، أو اختر مجلد بيانات آخر.',
    );
  });
});

describe('following Settings’ language', () => {
  it('speaks the start language, then each language chosen, telling the menu each time', async () => {
    const heard: string[] = [];
    const language = new ShellLanguage('en', (words) => heard.push(words.say('shell.menu.view')));
    expect((await language.words()).say('shell.notice.readyUntitled')).toBe('Your job is ready');
    await language.follow('de');
    expect((await language.words()).say('shell.notice.readyUntitled')).toBe('Der Auftrag ist fertig');
    await language.follow('de');
    expect(heard).toEqual(['View', 'Ansicht']);
  });

  it('gives the menu only the last of changes made in quick succession', async () => {
    const heard: string[] = [];
    const language = new ShellLanguage('en', (words) => heard.push(words.locale));
    await language.words();
    const first = language.follow('es');
    const last = language.follow('zh-CN');
    await Promise.all([first, last]);
    expect(heard).toEqual(['en', 'zh-CN']);
    expect((await language.words()).locale).toBe('zh-CN');
  });

  it('words a notification asked for during a change in the new language', async () => {
    const language = new ShellLanguage('en', () => undefined);
    void language.follow('fr');
    const words: ShellWords = await language.words();
    expect(words.say('shell.notice.open')).toBe('Cliquez pour l’ouvrir dans Cast Studio.');
  });
});
