import type { WireMessage, WireRequest } from '../../../shared/ipc/index.ts';

/** A frame on the page's bridge socket, either way: an invoke from the page or a reply to it. */
export type WireFrame = Partial<WireRequest> & Partial<Extract<WireMessage, { type: 'reply' }>>;

/** The frame a bridge message carries, or null for one that is not JSON. */
export function readWireFrame(message: string | Buffer): WireFrame | null {
  try {
    return JSON.parse(String(message)) as WireFrame;
  } catch {
    return null;
  }
}
