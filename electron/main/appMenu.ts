import { Menu } from 'electron';
import { appMenuTemplate, type AppMenuOptions } from './appMenuTemplate.ts';
import { openExternalLink } from './openExternal.ts';
import type { ShellWords } from './shellWords.ts';

const HELP_URL = 'https://cast.studio/help';

/** Sets the application menu in `words`' language; called again when the language changes. */
export function installAppMenu(words: ShellWords, options: AppMenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(words, options, () => openExternalLink(HELP_URL))));
}
