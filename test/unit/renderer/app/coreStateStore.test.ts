import { afterEach, describe, expect, it } from 'vitest';
import type { Bridge, Reply } from '../../../../shared/ipc/index.ts';
import { useCoreStateStore, type CoreState } from '../../../../renderer/app/coreStateStore.ts';
import { setBridgeForTests } from '../../../../renderer/bridge/invoke.ts';

const STOPPED: CoreState = { state: 'stopped', notice: 'stopped' };
const STARTING: CoreState = { state: 'restarting', notice: 'starting_again' };
const RUNNING: CoreState = { state: 'running', notice: 'running_again' };

/** A shell that answers each command with what the test gives it, once the test lets it. */
function shell(answers: Record<string, () => Reply<unknown> | Promise<Reply<unknown>>>): Bridge {
  return {
    invoke: (async (command: string) =>
      answers[command]?.() ?? { ok: false, error: { code: 'not_available', params: { what: 'command' } } }) as Bridge['invoke'],
    on: () => () => undefined,
  };
}

const store = () => useCoreStateStore.getState();

afterEach(() => {
  setBridgeForTests(null);
  store().reset();
});

describe('core’s state as the page keeps it', () => {
  it('has heard from the shell once it answered, and also when it could not be asked', async () => {
    setBridgeForTests(shell({ 'shell.coreState': () => ({ ok: true, value: STOPPED }) }));
    expect(store().heard).toBe(false);
    await store().load();
    expect(store()).toMatchObject({ core: STOPPED, heard: true });

    store().reset();
    setBridgeForTests(shell({}));
    await store().load();
    expect(store()).toMatchObject({ core: null, heard: true });
  });

  it('shows the ask to start core again as busy, then the state the shell answered', async () => {
    let answer: (reply: Reply<unknown>) => void = () => undefined;
    setBridgeForTests(shell({ 'shell.restartCore': () => new Promise((resolve) => (answer = resolve)) }));
    store().apply(STOPPED);
    const asking = store().startAgain();
    expect(store().startingAgain).toBe(true);
    answer({ ok: true, value: STARTING });
    await asking;
    expect(store()).toMatchObject({ core: STARTING, startingAgain: false, startAgainError: null });
  });

  it('keeps what core.changed said while the ask was on its way', async () => {
    let answer: (reply: Reply<unknown>) => void = () => undefined;
    setBridgeForTests(shell({ 'shell.restartCore': () => new Promise((resolve) => (answer = resolve)) }));
    store().apply(STOPPED);
    const asking = store().startAgain();
    store().apply(STARTING);
    store().apply(RUNNING);
    answer({ ok: true, value: STARTING });
    await asking;
    expect(store().core).toEqual(RUNNING);
  });

  it('says why the ask failed, and keeps the stopped state with its button', async () => {
    setBridgeForTests(shell({ 'shell.restartCore': () => ({ ok: false, error: { code: 'connection_lost', params: { when: 'core' } } }) }));
    store().apply(STOPPED);
    await store().startAgain();
    expect(store()).toMatchObject({ core: STOPPED, startingAgain: false, startAgainError: { code: 'connection_lost' } });
  });
});
