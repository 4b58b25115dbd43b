import { afterEach, describe, expect, it } from 'vitest';
import type { Bridge, Reply } from '../../../../shared/ipc/index.ts';
import { setBridgeForTests } from '../../../../renderer/bridge/invoke.ts';
import { askAppInfoEarly, useAppInfoStore, type AppInfo } from '../../../../renderer/stores/appInfoStore.ts';

const INFO = {
  version: '1.0.0',
  platform: 'linux',
  mediaBase: 'http://127.0.0.1:1/media/k/',
  startScreen: 'gallery',
} as unknown as AppInfo;

/** A host that counts the `app.info` asks and answers each when the test lets it. */
function host(): { bridge: Bridge; asks: () => number; answer: (reply: Reply<unknown>) => void } {
  const waiting: ((reply: Reply<unknown>) => void)[] = [];
  let asks = 0;
  const bridge: Bridge = {
    invoke: ((command: string): Promise<Reply<unknown>> => {
      if (command !== 'app.info') return Promise.resolve({ ok: false, error: { code: 'not_available', params: { what: 'command' } } });
      asks += 1;
      return new Promise<Reply<unknown>>((resolve) => waiting.push(resolve));
    }) as Bridge['invoke'],
    on: () => () => undefined,
  };
  return { bridge, asks: () => asks, answer: (reply) => waiting.shift()?.(reply) };
}

afterEach(() => {
  setBridgeForTests(null);
  useAppInfoStore.getState().reset();
});

describe('the app asking the host about itself', () => {
  it('asks once when the page starts, and the first load takes that answer, even one that came before it', async () => {
    const shell = host();
    setBridgeForTests(shell.bridge);
    askAppInfoEarly();
    askAppInfoEarly();
    expect(shell.asks()).toBe(1);
    shell.answer({ ok: true, value: INFO });
    await Promise.resolve();
    const prepared: AppInfo[] = [];
    await useAppInfoStore.getState().load(async (info) => {
      prepared.push(info);
    });
    expect(shell.asks()).toBe(1);
    expect(prepared).toEqual([INFO]);
    expect(useAppInfoStore.getState().info).toEqual(INFO);
  });

  it('asks again on a later load (loading the app again after a failed start), not with the spent answer', async () => {
    const shell = host();
    setBridgeForTests(shell.bridge);
    askAppInfoEarly();
    const first = useAppInfoStore.getState().load();
    shell.answer({ ok: false, error: { code: 'core_stopped', params: {} } });
    await first;
    expect(useAppInfoStore.getState().error?.code).toBe('core_stopped');

    useAppInfoStore.getState().reset();
    const second = useAppInfoStore.getState().load();
    expect(shell.asks()).toBe(2);
    shell.answer({ ok: true, value: INFO });
    await second;
    expect(useAppInfoStore.getState()).toMatchObject({ info: INFO, error: null });
  });
});
