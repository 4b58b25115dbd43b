import { MessageChannelMain, utilityProcess } from 'electron';
import type { CoreSpawner } from '../core/host/remoteCore.ts';
import type { Logger } from '../core/log/logger.ts';

/**
 * The desktop app's core: the bundled core entry (`dist/main/coreEntry.js`) in a utility process
 * of its own, reached over a MessagePortMain, so the main process (windows, menus, IPC) never
 * waits on a library query or a sync page. A utility process is a Chromium service: it dies with
 * the app, and when it dies alone, RemoteCore starts it again.
 */
export function utilityCore(options: { entry: string; log: Logger }): CoreSpawner {
  return () => {
    const child = utilityProcess.fork(options.entry, [], { serviceName: 'Cast Studio Core', stdio: 'inherit' });
    const { port1, port2 } = new MessageChannelMain();
    // The child serves the first port it is given (electron/core/host/coreEntry.ts); it keeps its
    // compiled code under the user data folder the start frame names, so later starts skip compiling.
    child.postMessage(null, [port2]);
    const exited = new Promise<{ code: number | null }>((resolve) => child.once('exit', (code) => resolve({ code })));
    void exited.then(({ code }) => code !== 0 && options.log.warn('The core process ended.', { code }));
    return {
      port: {
        post: (frame) => port1.postMessage(frame),
        listen: (listener) => {
          port1.on('message', (event) => listener(event.data));
          port1.start();
        },
        close: () => port1.close(),
      },
      exited,
      terminate: async () => {
        if (child.pid !== undefined) child.kill();
        await exited;
      },
    };
  };
}
