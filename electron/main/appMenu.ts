import { Menu, type MenuItemConstructorOptions } from 'electron';
import { openExternalLink } from './openExternal.ts';

const HELP_URL = 'https://cast.studio/help';

/**
 * The application menu: the platform's standard roles and shortcuts (undo, copy, paste, zoom,
 * full screen, minimise…). Developer tools only in development builds.
 */
export function installAppMenu(options: { isMac: boolean; isPackaged: boolean; productName: string }): void {
  const view: MenuItemConstructorOptions[] = [
    { role: 'reload' },
    ...(options.isPackaged ? [] : [{ role: 'toggleDevTools' } as const]),
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  const template: MenuItemConstructorOptions[] = [
    ...(options.isMac ? [{ label: options.productName, role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        {
          label: 'Cast Studio Help',
          click: () => openExternalLink(HELP_URL),
        },
      ],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
