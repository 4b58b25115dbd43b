import { app, dialog, nativeImage, shell, type BrowserWindow } from 'electron';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppFailure } from '../core/ipc/appFailure.ts';
import type { ShellRouter } from '../core/host/remoteCore.ts';
import { openExternalLink } from './openExternal.ts';
import { safeFileName } from './fileNames.ts';
import type { MediaResolver } from './mediaResponse.ts';

/** A neutral 32×32 tile for drags of media that have no picture (macOS refuses an empty icon). */
const DRAG_ICON_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAOElEQVR42u3OMREAIAwEweiMCOREBCZhUPEUW9zVW93rJKu3mR0JAAAAAAAAAAAAAAAAAOAfQLILxHD9Z3eg8LoAAAAASUVORK5CYII=';

type ShellDeps = {
  router: Pick<ShellRouter, 'register'>;
  window: () => BrowserWindow | null;
  resolveMedia: MediaResolver;
};

/**
 * What only the desktop shell can do with a library file: drag it out as a real file, show it in
 * the file manager, save a copy where the user picks, and open allowlisted https links. The browser
 * host has no such handlers (the router answers `not_available` and the renderer uses a download
 * link instead).
 */
export function registerShellHandlers(deps: ShellDeps): void {
  const { router } = deps;
  router.register('shell.startDrag', async ({ mediaId, fileName }) => {
    const media = found(await deps.resolveMedia(mediaId));
    const win = deps.window();
    if (!win || win.isDestroyed()) throw new AppFailure('no_window', {});
    // A copy with a person's file name, not the library's content-addressed one.
    const folder = join(app.getPath('temp'), 'cast-studio-drag', mediaId);
    await rm(folder, { recursive: true, force: true });
    await mkdir(folder, { recursive: true });
    const file = join(folder, safeFileName(fileName, media.contentType));
    await copyFile(media.path, file);
    const picture = media.contentType.startsWith('image/') ? nativeImage.createFromPath(media.path) : null;
    const icon =
      picture && !picture.isEmpty()
        ? picture.resize({ width: 64 })
        : nativeImage.createFromDataURL(`data:image/png;base64,${DRAG_ICON_PNG}`);
    win.webContents.startDrag({ file, icon });
    return { ok: true as const };
  });
  router.register('shell.showInFolder', async ({ mediaId }) => {
    shell.showItemInFolder(found(await deps.resolveMedia(mediaId)).path);
    return { ok: true as const };
  });
  router.register('shell.saveAs', async ({ mediaId, fileName }) => {
    const media = found(await deps.resolveMedia(mediaId));
    const win = deps.window();
    const options = { defaultPath: join(app.getPath('downloads'), safeFileName(fileName, media.contentType)) };
    const choice = win && !win.isDestroyed() ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
    if (choice.canceled || !choice.filePath) return { saved: false };
    await copyFile(media.path, choice.filePath);
    return { saved: true };
  });
  router.register('shell.openFolder', async ({ folder }) => {
    // The same folders core names in Settings → About (its data folder and the logs in it).
    const data = app.getPath('userData');
    const failure = await shell.openPath(folder === 'data' ? data : join(data, 'logs'));
    if (failure) throw new AppFailure('open_failed', {}, { log: `The folder could not be opened: ${failure}` });
    return { ok: true as const };
  });
  router.register('shell.openExternal', async ({ url }) => {
    if (!openExternalLink(url)) throw new AppFailure('link_refused', {});
    return { ok: true as const };
  });
}

function found<T>(media: T | null): T {
  if (!media) throw new AppFailure('media_missing', {});
  return media;
}
