import { spawn } from 'node:child_process';

// The failure goes to the log: it names no launch code (the console already shows the address).
const NO_OPENER = 'Could not open a browser; open the address printed in the terminal yourself (press Enter there for a new one).';

/**
 * Opens `url` in the default browser with the OS's own opener. Best effort: when there is none
 * (a server, a container) the caller has already printed the URL to open by hand. The URL is on
 * the opener's command line, which every local user can read: it must carry no secret (the browser
 * host passes its private launch page, electron/web/launchPage.ts).
 */
export function openBrowser(url: string, onFailure: (message: string) => void): void {
  const [command, args, verbatim] =
    process.platform === 'darwin'
      ? ['open', [url], false]
      : process.platform === 'win32'
        ? // `start` is a cmd builtin; the empty title keeps it from reading the URL as one.
          ['cmd', ['/d', '/s', '/c', `start "" "${url}"`], true]
        : ['xdg-open', [url], false];
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore', windowsHide: true, windowsVerbatimArguments: verbatim });
    child.once('error', () => onFailure(NO_OPENER));
    child.unref();
  } catch {
    onFailure(NO_OPENER);
  }
}
