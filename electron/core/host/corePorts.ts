import type { CorePort } from './coreProtocol.ts';

/** A Node MessageChannel's port, as far as CorePort needs it. */
type NodePort = { postMessage(value: unknown): void; on(event: 'message', listener: (value: unknown) => void): unknown; close?(): void };

/** One end of a Node MessageChannel, as a CorePort (a core and its shell in one process, in tests). */
export function channelPort(port: NodePort): CorePort {
  return {
    post: (frame) => port.postMessage(frame),
    listen: (listener) => void port.on('message', listener),
    close: () => port.close?.(),
  };
}

/** The IPC channel to the parent, in core's child process (electron/core/host/coreChild.ts), as a CorePort. */
export function parentProcessPort(): CorePort {
  return {
    post: (frame) => {
      // Nothing reaches a parent that has gone; the child leaves when the channel closes.
      if (process.connected) process.send?.(frame);
    },
    listen: (listener) => void process.on('message', listener),
    close: () => process.connected && process.disconnect(),
  };
}

/** Electron's MessagePortMain as the utility process sees it (core imports nothing of Electron). */
type ElectronPort = {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
  start(): void;
  close(): void;
};
export type ElectronParentPort = { once(event: 'message', listener: (event: { data: unknown; ports: ElectronPort[] }) => void): void };

/** A MessagePortMain handed to a utility process, as a CorePort. */
export function electronPort(port: ElectronPort): CorePort {
  return {
    post: (frame) => port.postMessage(frame),
    listen: (listener) => {
      port.on('message', (event) => listener(event.data));
      port.start();
    },
    close: () => port.close(),
  };
}
