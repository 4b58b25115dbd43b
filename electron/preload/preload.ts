// The only place raw ipcRenderer is used. The page gets one frozen object, `window.cast`, with
// `invoke`, `on` and the system's languages, and nothing else: no ipcRenderer, no event objects, no Node.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../../shared/ipc/bridge.ts';
import { systemLanguagesFromArgv } from '../../shared/ipc/systemLanguages.ts';

type Handler = (payload: unknown) => void;
const handlers = new Map<string, Set<Handler>>();

ipcRenderer.on(IPC_EVENT_CHANNEL, (_event, message: unknown) => {
  if (typeof message !== 'object' || message === null) return;
  const { event, payload } = message as { event?: unknown; payload?: unknown };
  if (typeof event !== 'string') return;
  for (const handler of [...(handlers.get(event) ?? [])]) {
    try {
      handler(payload);
    } catch (error) {
      console.error(`A handler of ${event} failed`, error);
    }
  }
});

/**
 * `uploads.fromPath` is the one command whose input the preload rewrites: the page hands over a
 * File the user dropped or picked, and the preload swaps it for its path on disk, so the page
 * never learns paths and cannot name one either (a path string from the page is refused here).
 * Main checks the real path, the type and the size again before core reads it.
 */
const NOT_A_FILE = {
  ok: false,
  error: { code: 'invalid_input', field: 'path', params: { problem: 'dropped_file_only' } },
} as const;

/** The disk path of `input.file`, or '' when it is not a File backed by a file on disk. */
function pathOfDroppedFile(input: unknown): string {
  const file = typeof input === 'object' && input !== null ? (input as { file?: unknown }).file : undefined;
  try {
    // Throws for anything that is not a File; '' for a File made in JavaScript.
    return webUtils.getPathForFile(file as File);
  } catch {
    return '';
  }
}

function invoke(command: unknown, input: unknown): Promise<unknown> {
  if (typeof command !== 'string') return Promise.reject(new TypeError('invoke(command, input): command must be a string.'));
  if (command !== 'uploads.fromPath') return ipcRenderer.invoke(IPC_INVOKE_CHANNEL, { command, input });
  const path = pathOfDroppedFile(input);
  if (path === '') return Promise.resolve(NOT_A_FILE);
  return ipcRenderer.invoke(IPC_INVOKE_CHANNEL, { command, input: { path } });
}

function on(event: unknown, handler: unknown): () => void {
  if (typeof event !== 'string' || typeof handler !== 'function')
    throw new TypeError('on(event, handler): expected a name and a function.');
  const set = handlers.get(event) ?? new Set<Handler>();
  const wrapped = handler as Handler;
  set.add(wrapped);
  handlers.set(event, set);
  return () => {
    set.delete(wrapped);
  };
}

// Main passes the system's preferred languages on the page's command line (window.ts): the studio speaks the first it can.
const systemLanguages = Object.freeze(systemLanguagesFromArgv(process.argv));

contextBridge.exposeInMainWorld('cast', Object.freeze({ invoke, on, systemLanguages }));
