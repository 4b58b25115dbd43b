import type { CorePort } from './coreProtocol.ts';

/** A worker's parentPort, a Worker or a MessageChannel's port: Node's ports, as far as CorePort needs them. */
type NodePort = { postMessage(value: unknown): void; on(event: 'message', listener: (value: unknown) => void): unknown; close?(): void };

/** A worker thread's port to its parent, as a CorePort. */
export function workerPort(port: NodePort): CorePort {
  return {
    post: (frame) => port.postMessage(frame),
    listen: (listener) => void port.on('message', listener),
    close: () => port.close?.(),
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
