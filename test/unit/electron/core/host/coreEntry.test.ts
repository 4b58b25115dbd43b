import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdFrames } from '../../../../../electron/core/host/coreEntry.ts';
import { channelPort } from '../../../../../electron/core/host/corePorts.ts';

const channels: MessagePort[] = [];
afterEach(() => {
  for (const port of channels.splice(0)) port.close();
});

function until<T>(what: string, check: () => T | undefined): Promise<T> {
  return vi.waitFor(
    () => {
      const value = check();
      if (value === undefined) throw new Error(`Waited 5 s for ${what}.`);
      return value;
    },
    { timeout: 5_000, interval: 5 },
  );
}

describe('core’s entry holding the shell’s frames while core loads', () => {
  it('shows the first frame at once and gives every frame, in order, to the listener that comes later', async () => {
    const { port1: shell, port2: core } = new MessageChannel();
    channels.push(shell, core);
    const held = holdFrames(channelPort(core));
    let arrived = 0;
    core.on('message', () => arrived++);
    shell.postMessage({ type: 'start', n: 1 });
    shell.postMessage({ type: 'invoke', n: 2 });
    shell.postMessage({ type: 'invoke', n: 3 });
    expect(await held.first).toEqual({ type: 'start', n: 1 });
    await until('three frames to arrive before anyone listens', () => (arrived >= 3 ? true : undefined));

    const seen: unknown[] = [];
    held.port.listen((frame) => seen.push(frame));
    expect(seen).toHaveLength(3);
    shell.postMessage({ type: 'stop', n: 4 });
    await until('four frames', () => (seen.length >= 4 ? seen : undefined));
    expect(seen).toEqual([
      { type: 'start', n: 1 },
      { type: 'invoke', n: 2 },
      { type: 'invoke', n: 3 },
      { type: 'stop', n: 4 },
    ]);
  });

  it('sends through the port it holds', async () => {
    const { port1: shell, port2: core } = new MessageChannel();
    channels.push(shell, core);
    const received: unknown[] = [];
    shell.on('message', (frame) => received.push(frame));
    holdFrames(channelPort(core)).port.post({ type: 'ready' });
    expect(await until('the ready frame', () => (received.length ? received : undefined))).toEqual([{ type: 'ready' }]);
  });
});
