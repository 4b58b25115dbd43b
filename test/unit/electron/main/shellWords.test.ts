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
const SAMPLE = {
  app: 'Cast Studio',
  subject: 'Mira on a rooftop',
  holder: 'known',
  pid: 4242,
  folder: '/home/ana/.config/Cast Studio',
  seconds: 120,
  platform: 'windows',
};

const options = { platform: 'linux', isPackaged: true, productName: 'Cast Studio' } as const;
const PLATFORMS = ['darwin', 'win32', 'linux'] as const;
const items = (list: readonly MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
  list.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])]);
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
      expect(text, `${locale} ${id} is the id, not a message`).not.toBe(id);
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

  it.each(PLATFORMS)('labels every item of the menu on %s, each with one of the shell’s menu messages', async (platform) => {
    const words = await load();
    const menuWords = new Set(
      SHELL_IDS.filter((id) => id.startsWith('shell.menu.')).map((id) => words.say(id, { platform: 'other', app: options.productName })),
    );
    menuWords.add(words.say('shell.menu.quit', { platform: 'windows' }));
    const all = items(appMenuTemplate(words, { ...options, platform }, () => undefined)).filter((item) => item.type !== 'separator');
    // macOS's application menu is named after the product; its items are the shell's words.
    const ours = all.filter((item) => item.label !== options.productName);
    expect(ours.length).toBeGreaterThan(15);
    for (const item of ours) expect(menuWords.has(item.label ?? ''), `${locale} ${platform} ${item.role ?? item.label}`).toBe(true);
  });
});

/** The roles of a menu's items, as Electron's `fileMenu`, `editMenu` and `windowMenu` roles would give them. */
const rolesOf = (item: MenuItemConstructorOptions | undefined): string[] =>
  ((item?.submenu ?? []) as MenuItemConstructorOptions[]).map((entry) => entry.role ?? entry.type ?? `[${String(entry.label)}]`);

describe('the application menu', () => {
  it('spells out the File, Edit and Window menus as Electron’s roles make them, per platform', async () => {
    const words = await loadShellWords('en');
    const [file, edit, , windowMenu] = appMenuTemplate(words, { ...options, platform: 'win32' }, () => undefined);
    expect(rolesOf(file)).toEqual(['quit']);
    expect(file && rolesOf(file) && (file.submenu as MenuItemConstructorOptions[])[0]?.label).toBe('Exit');
    expect(rolesOf(edit)).toEqual(['undo', 'redo', 'separator', 'cut', 'copy', 'paste', 'delete', 'separator', 'selectAll']);
    expect(rolesOf(windowMenu)).toEqual(['minimize', 'zoom', 'close']);
    const linux = appMenuTemplate(words, options, () => undefined);
    expect((linux[0]?.submenu as MenuItemConstructorOptions[])[0]?.label).toBe('Quit');
    const [, macFile, macEdit, , macWindow] = appMenuTemplate(words, { ...options, platform: 'darwin' }, () => undefined);
    expect(rolesOf(macFile)).toEqual(['close']);
    expect(rolesOf(macEdit)).toEqual([
      'undo',
      'redo',
      'separator',
      'cut',
      'copy',
      'paste',
      'pasteAndMatchStyle',
      'delete',
      'selectAll',
      'separator',
      '[Speech]',
    ]);
    expect(rolesOf(macWindow)).toEqual(['minimize', 'zoom', 'separator', 'front']);
  });

  it('is in the chosen language', async () => {
    const words = await loadShellWords('ja');
    const template = appMenuTemplate(words, options, () => undefined);
    expect(template.map((item) => item.label)).toEqual(['ファイル', '編集', '表示', 'ウインドウ', 'ヘルプ']);
    expect(labels(template)).toEqual(
      expect.arrayContaining([
        'Cast Studio ヘルプ',
        '終了',
        '取り消す',
        'コピー',
        'ペースト',
        'すべてを選択',
        'しまう',
        'ウインドウを閉じる',
      ]),
    );
  });

  it('keeps the product’s name on macOS’s application menu, and developer tools in development builds only', async () => {
    const words = await loadShellWords('fr');
    const mac = appMenuTemplate(words, { ...options, platform: 'darwin', isPackaged: false }, () => undefined);
    expect(mac[0]?.label).toBe('Cast Studio');
    // As Electron's `appMenu` role makes it, in the studio's language.
    expect(rolesOf(mac[0])).toEqual(['about', 'separator', 'services', 'separator', 'hide', 'hideOthers', 'unhide', 'separator', 'quit']);
    expect(labels([mac[0] ?? {}])).toEqual(
      expect.arrayContaining(['À propos de Cast Studio', 'Services', 'Masquer Cast Studio', 'Tout afficher', 'Quitter Cast Studio']),
    );
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
