import { randomBytes } from 'node:crypto';
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isRightToLeft } from '../../shared/i18n/locales.ts';
import { escapeHtml } from '../core/app/catalogWords.ts';
import { PRIVATE_FILE_MODE } from '../core/app/privateFiles.ts';
import type { HostWords } from './hostWords.ts';

/** The page the browser is pointed at, in the data folder. */
export const LAUNCH_PAGE_NAME = 'open-studio.html';

/**
 * Writes the private page that forwards the browser to `launchUrl` and returns its file:// URL.
 * The browser opener's command line (which any local user can read in the process list) carries
 * this file's path only; the launch code is inside the file, which only its owner can read (0600,
 * in a 0700 data folder). Written under a private name and renamed over the last one, so no reader
 * ever sees it half written or readable by others. Its words are in `words`' language.
 */
export function writeLaunchPage(userDataDir: string, launchUrl: string, words: HostWords): string {
  const path = join(userDataDir, LAUNCH_PAGE_NAME);
  const partial = `${path}.${randomBytes(4).toString('hex')}.partial`;
  const fd = openSync(partial, 'wx', PRIVATE_FILE_MODE);
  try {
    writeSync(fd, launchPageHtml(launchUrl, words));
  } finally {
    closeSync(fd);
  }
  renameSync(partial, path);
  return pathToFileURL(path).href;
}

/** Removes the page (its launch code is spent or expired by now; tidiness only). */
export function removeLaunchPage(userDataDir: string): void {
  rmSync(join(userDataDir, LAUNCH_PAGE_NAME), { force: true });
}

function launchPageHtml(launchUrl: string, words: HostWords): string {
  const url = escapeHtml(launchUrl);
  const { locale } = words;
  return [
    '<!doctype html>',
    `<html lang="${locale}" dir="${isRightToLeft(locale) ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">`,
    '<meta name="referrer" content="no-referrer">',
    // Shown for a moment before the studio: dark on a dark system, so it does not flash white.
    '<meta name="color-scheme" content="light dark">',
    `<meta http-equiv="refresh" content="0;url=${url}">`,
    `<title>${escapeHtml(words.say('host.launch.title'))}</title></head>`,
    `<body><p>${words.html('host.launch.body', {}, { link: (inner) => `<a href="${url}">${inner}</a>` })}</p></body></html>`,
    '',
  ].join('\n');
}
