import type { MenuItemConstructorOptions } from 'electron';
import type { ShellWords } from './shellWords.ts';

export type AppMenuOptions = { platform: NodeJS.Platform; isPackaged: boolean; productName: string };

type Item = MenuItemConstructorOptions;
const SEPARATOR: Item = { type: 'separator' };

/**
 * The application menu: the platform's standard roles and shortcuts (undo, copy, paste, zoom,
 * full screen, minimise…), developer tools only in development builds. Electron labels its roles in
 * English, so each is given its label in the studio's language, and the File, Edit and Window
 * menus are spelled out as Electron's `fileMenu`, `editMenu` and `windowMenu` roles would make them;
 * so is macOS's application menu (`appMenu`: About, Services, Hide, Quit).
 */
export function appMenuTemplate(words: ShellWords, options: AppMenuOptions, openHelp: () => void): Item[] {
  const isMac = options.platform === 'darwin';
  const say = words.say;
  return [
    ...(isMac ? [{ label: options.productName, submenu: macAppItems(words, options.productName) }] : []),
    {
      label: say('shell.menu.file'),
      submenu: [
        isMac
          ? { role: 'close', label: say('shell.menu.closeWindow') }
          : { role: 'quit', label: say('shell.menu.quit', { platform: options.platform === 'win32' ? 'windows' : 'other' }) },
      ],
    },
    { label: say('shell.menu.edit'), submenu: editItems(words, isMac) },
    { label: say('shell.menu.view'), submenu: viewItems(words, options.isPackaged) },
    {
      label: say('shell.menu.window'),
      submenu: [
        { role: 'minimize', label: say('shell.menu.minimize') },
        { role: 'zoom', label: say('shell.menu.zoom') },
        ...(isMac ? [SEPARATOR, { role: 'front', label: say('shell.menu.front') } as const] : []),
        ...(isMac ? [] : [{ role: 'close', label: say('shell.menu.closeWindow') } as const]),
      ],
    },
    {
      role: 'help',
      label: say('shell.menu.help'),
      submenu: [{ label: say('shell.menu.studioHelp'), click: openHelp }],
    },
  ];
}

/** macOS's application menu, as Electron's `appMenu` role makes it, in the studio's language. */
function macAppItems({ say }: ShellWords, app: string): Item[] {
  return [
    { role: 'about', label: say('shell.menu.about', { app }) },
    SEPARATOR,
    { role: 'services', label: say('shell.menu.services') },
    SEPARATOR,
    { role: 'hide', label: say('shell.menu.hide', { app }) },
    { role: 'hideOthers', label: say('shell.menu.hideOthers') },
    { role: 'unhide', label: say('shell.menu.showAll') },
    SEPARATOR,
    { role: 'quit', label: say('shell.menu.quitApp', { app }) },
  ];
}

function editItems({ say }: ShellWords, isMac: boolean): Item[] {
  const speech: Item = {
    label: say('shell.menu.speech'),
    submenu: [
      { role: 'startSpeaking', label: say('shell.menu.startSpeaking') },
      { role: 'stopSpeaking', label: say('shell.menu.stopSpeaking') },
    ],
  };
  const selectAll: Item = { role: 'selectAll', label: say('shell.menu.selectAll') };
  const deleteItem: Item = { role: 'delete', label: say('shell.menu.delete') };
  return [
    { role: 'undo', label: say('shell.menu.undo') },
    { role: 'redo', label: say('shell.menu.redo') },
    SEPARATOR,
    { role: 'cut', label: say('shell.menu.cut') },
    { role: 'copy', label: say('shell.menu.copy') },
    { role: 'paste', label: say('shell.menu.paste') },
    ...(isMac
      ? [{ role: 'pasteAndMatchStyle', label: say('shell.menu.pasteAndMatchStyle') } as const, deleteItem, selectAll, SEPARATOR, speech]
      : [deleteItem, SEPARATOR, selectAll]),
  ];
}

function viewItems({ say }: ShellWords, isPackaged: boolean): Item[] {
  return [
    { role: 'reload', label: say('shell.menu.reload') },
    // Developer tools are for the studio's developers, in development builds only: English.
    ...(isPackaged ? [] : [{ role: 'toggleDevTools' } as const]),
    SEPARATOR,
    { role: 'resetZoom', label: say('shell.menu.actualSize') },
    { role: 'zoomIn', label: say('shell.menu.zoomIn') },
    { role: 'zoomOut', label: say('shell.menu.zoomOut') },
    SEPARATOR,
    { role: 'togglefullscreen', label: say('shell.menu.fullScreen') },
  ];
}
