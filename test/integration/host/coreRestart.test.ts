import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreProcess } from '../../../electron/core/host/remoteCore.ts';
import { childProcessCore } from '../../../electron/core/host/coreChild.ts';
import type { LogFields, Logger } from '../../../electron/core/log/logger.ts';
import { startStudioHost, type StudioHost } from '../../e2e/support/index.ts';

type Line = { level: string; message: string; fields: LogFields | undefined };

/** The host's log, kept: what the shell reports is what these tests check. */
function recordingLog(): Logger & { lines: Line[] } {
  const lines: Line[] = [];
  const line = (level: string) => (message: string, fields?: LogFields) => void lines.push({ level, message, fields });
  return { lines, info: line('info'), warn: line('warn'), error: line('error') };
}

const RUNNING_AGAIN = 'Cast Studio’s core is running again.';
const STOPPED = 'Cast Studio’s core stopped unexpectedly; starting it again.';

/**
 * Core in its child process, ended from outside while a paid job waits in the queue: the shell
 * says so, starts core again on the same library, and the job is still there, unsent, and then runs. The browser host and a real sandbox (fast mode), as the desktop app runs them.
 */
describe('core ended from outside', () => {
  const log = recordingLog();
  const cores: CoreProcess[] = [];
  let studio: StudioHost;
  let characterId: string;

  beforeAll(async () => {
    const spawn = childProcessCore(log);
    studio = await startStudioHost({
      keychain: 'memory',
      log,
      spawnCore: () => {
        const core = spawn();
        cores.push(core);
        return core;
      },
      probe: new URL('./crashProbe.ts', import.meta.url).href,
    });
    await studio.call('connection.completeOnboarding', {});
    characterId = await studio.createCharacter('Mira');
  });
  afterAll(async () => {
    await studio?.stop();
  });

  const restartsSeen = () => log.lines.filter((line) => line.message === RUNNING_AGAIN).length;

  it('starts core again after its process is killed, keeping the job that waited in the queue', async () => {
    await studio.call('jobs.pause', {});
    const job = await studio.queueImage(characterId, 'Mira by the sea');
    const before = restartsSeen();

    await cores[0]?.terminate();
    await studio.until('the shell to start core again', () => restartsSeen() > before || null);
    expect(log.lines.filter((line) => line.message === STOPPED)).toHaveLength(1);
    expect(cores).toHaveLength(2);

    const { jobs, paused } = await studio.call('jobs.list', {});
    expect(paused).toBe(true);
    const waiting = jobs.find((each) => each.id === job.id);
    expect(['queued', 'paused']).toContain(waiting?.state);
    expect(waiting?.attempts ?? 0).toBe(0);
    await studio.call('jobs.resume', {});
    const done = await studio.jobDone(job);
    expect(done.state).toBe('done');
    expect(done.resourceId).toBeTruthy();
  });

  it('starts core again when its process crashes', async () => {
    const before = restartsSeen();
    await studio.host.core.probe('crash');
    await studio.until('the shell to start core again', () => restartsSeen() > before || null);
    expect(log.lines.find((line) => line.message === STOPPED && line.fields?.code === 70)).toBeDefined();
    expect((await studio.call('app.info', {})).host).toBe('browser');
  });
});
