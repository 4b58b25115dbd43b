import type { MenuItemConstructorOptions } from 'electron';
import type { ShellWords } from './shellWords.ts';

export type AppMenuOptions = { isMac: boolean; isPackaged: boolean; productName: string };

/**
 * The application menu: the platform's standard roles and shortcuts (undo, copy, paste, zoom,
 * full screen, minimise…), developer tools only in development builds. Electron labels its roles in
 * English, so each role we list is given its label in the studio's language; the items inside the
 * File, Edit and Window roles are Electron's own (on macOS, partly the system's).
 */
export function appMenuTemplate(words: ShellWords, options: AppMenuOptions, openHelp: () => void): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    { role: 'reload', label: words.say('shell.menu.reload') },
    // Developer tools are for the studio's developers, in development builds only: English.
    ...(options.isPackaged ? [] : [{ role: 'toggleDevTools' } as const]),
    { type: 'separator' },
    { role: 'resetZoom', label: words.say('shell.menu.actualSize') },
    { role: 'zoomIn', label: words.say('shell.menu.zoomIn') },
    { role: 'zoomOut', label: words.say('shell.menu.zoomOut') },
    { type: 'separator' },
    { role: 'togglefullscreen', label: words.say('shell.menu.fullScreen') },
  ];
  return [
    ...(options.isMac ? [{ label: options.productName, role: 'appMenu' } as const] : []),
    { role: 'fileMenu', label: words.say('shell.menu.file') },
    { role: 'editMenu', label: words.say('shell.menu.edit') },
    { label: words.say('shell.menu.view'), submenu: view },
    { role: 'windowMenu', label: words.say('shell.menu.window') },
    {
      role: 'help',
      label: words.say('shell.menu.help'),
      submenu: [{ label: words.say('shell.menu.studioHelp'), click: openHelp }],
    },
  ];
}
