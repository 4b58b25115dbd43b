import { holdEvents, invoke } from '../bridge/invoke.ts';
import { readOpeningRows } from '../features/gallery/openingRows.ts';

/**
 * What the page does first, from its small first script, while the app's code (React, the frame,
 * the screen it opens on) is still arriving and compiling: the bridge is opened (in the browser
 * host, the launch code traded for a session and the socket opened), core is asked about itself,
 * and, when the app opens on the gallery, its first page and that page's first screen of
 * thumbnails are asked for. The app then finds the answers there when it first renders:
 * `app.info` is answered from the bridge's copy, the gallery's rows are taken by its store.
 */
export function startEarly(): void {
  // A change to the library announced before the app listens still reaches it (and makes the
  // rows read below out of date).
  holdEvents(['library.updated']);
  void invoke('app.info', {}).then((reply) => {
    if (reply.ok && reply.value.startScreen === 'gallery') readOpeningRows(reply.value.mediaBase);
  });
}
