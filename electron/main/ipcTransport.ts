import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL, type Reply } from '../../shared/ipc/bridge.ts';
import type { RouterLike } from '../../shared/ipc/bridgeFrames.ts';
import type { Logger } from '../core/log/logger.ts';
import { originOf } from './appUrls.ts';
import { checkSender } from './senderPolicy.ts';

/** Runs in main before the router for one command: answers a Reply, or the input to pass on. */
export type InputCheck = (input: unknown) => Promise<{ reply: Reply<unknown> } | { input: unknown }>;

export type IpcTransportOptions = {
  /** The window may open before core is up: invokes wait for it (the page shows "Starting…"). */
  router: Promise<RouterLike>;
  window: () => BrowserWindow | null;
  origin: string;
  log: Logger;
  checks?: Partial<Record<string, InputCheck>>;
  /** Told of every answered command (main applies the theme after settings.set, for example). */
  onReply?: (command: string, reply: Reply<unknown>) => void;
};

const REFUSED: Reply<never> = {
  ok: false,
  error: { code: 'forbidden_sender', params: {} },
};

/**
 * The only place raw ipcMain is used. Every invoke is checked for its sender (the main frame of our
 * window, showing a page of the app's origin) before the router sees it; router events go to the
 * window only while it shows our page. Nothing is thrown across the process boundary.
 */
export function attachIpcTransport(options: IpcTransportOptions): () => void {
  const { log } = options;

  ipcMain.handle(IPC_INVOKE_CHANNEL, async (event: IpcMainInvokeEvent, message: unknown): Promise<Reply<unknown>> => {
    const win = options.window();
    const verdict = checkSender(event.senderFrame, {
      mainFrame: win && !win.isDestroyed() ? win.webContents.mainFrame : null,
      origin: options.origin,
    });
    if (!verdict.ok) {
      log.warn('Refused an IPC message', { reason: verdict.reason });
      return REFUSED;
    }
    if (typeof message !== 'object' || message === null || typeof (message as { command?: unknown }).command !== 'string') {
      return { ok: false, error: { code: 'invalid_request', params: {} } };
    }
    const { command, input } = message as { command: string; input: unknown };
    const check = Object.hasOwn(options.checks ?? {}, command) ? options.checks?.[command] : undefined;
    let passed = input;
    if (check) {
      const outcome = await check(input);
      if ('reply' in outcome) return outcome.reply;
      passed = outcome.input;
    }
    const reply = await (await options.router).handle(command, passed);
    options.onReply?.(command, reply);
    return reply;
  });

  const subscription = options.router.then(
    (router) =>
      router.subscribe((event, payload) => {
        const win = options.window();
        if (!win || win.isDestroyed()) return;
        const contents = win.webContents;
        if (originOf(contents.getURL()) !== options.origin) return;
        contents.send(IPC_EVENT_CHANNEL, { event, payload });
      }),
    // Core did not start: main reports that and quits; there are no events to forward.
    () => () => undefined,
  );

  return () => {
    void subscription.then((unsubscribe) => unsubscribe());
    ipcMain.removeHandler(IPC_INVOKE_CHANNEL);
  };
}
