import { afterEach, describe, expect, it } from 'vitest';
import type { UpdateStatus } from '../../../../../shared/ipc/index.ts';
import { OUTCOME_UNKNOWN } from '../../../../../electron/core/jobs/intentSender.ts';
import { JobStore, type JobRecord } from '../../../../../electron/core/jobs/jobStore.ts';
import { paidInFlight } from '../../../../../electron/core/jobs/registerJobHandlers.ts';
import { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { CHECK_EVERY_MS } from '../../../../../electron/core/updates/updatePolicy.ts';
import { UpdateService } from '../../../../../electron/core/updates/updateService.ts';
import { ScriptedUpdater } from '../../../../support/scriptedUpdater.ts';
import { CaptureLog } from '../support/captureLog.ts';
import { dbIn } from '../support/queueHarness.ts';
import { tempDir } from '../support/tempDir.ts';

const opened: LibraryDatabase[] = [];
afterEach(() => {
  for (const library of opened.splice(0)) library.close();
});

/** A real library's job store, and the update service asking it through core's own reading. */
function setup() {
  const library = LibraryDatabase.open(dbIn(tempDir()));
  opened.push(library);
  const jobs = new JobStore(library, () => new Date().toISOString());
  const updater = new ScriptedUpdater();
  const shown: UpdateStatus[] = [];
  const timers: Array<{ ms: number; run: () => void }> = [];
  const service = new UpdateService({
    updater,
    paidWork: () => Promise.resolve(paidInFlight(jobs)),
    emit: (status) => shown.push(status),
    log: new CaptureLog(),
    every: (run, ms) => {
      const timer = { ms, run };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
  });
  const job = (attempts = 0): JobRecord => {
    const record = jobs.insert({
      id: `job-${Math.random()}`,
      kind: 'generation.create',
      state: 'queued',
      title: { what: 'image', subject: 'a quiet harbour' },
      path: '/v1/generations',
      body: '{}',
      idempotencyKey: `key-${Math.random()}-padding`,
      quoteId: null,
      quotedCredits: 3,
      resourceKind: null,
      resourceId: null,
      dependsOn: null,
      dependency: null,
      retryOf: null,
    });
    if (attempts > 0) jobs.update(record.id, { attempts });
    return jobs.require(record.id);
  };
  const ready = () => {
    updater.fire({ kind: 'available', version: '1.2.0' });
    updater.fire({ kind: 'progress', percent: 41.6 });
    updater.fire({ kind: 'downloaded', version: '1.2.0', notes: '<p>Faster gallery</p>' });
  };
  return { jobs, updater, shown, timers, service, job, ready };
}

/** Lets the service's awaited reads finish. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('paid work a restart would cut off, read from the job store', () => {
  it('counts requests being sent and requests in doubt, not queued, processing or waiting for the creator', () => {
    const { jobs, job } = setup();
    job();
    const sending = job();
    jobs.transition(sending.id, 'sending');
    const parked = job(1);
    jobs.transition(parked.id, 'waiting_connection');
    const neverSent = job();
    jobs.transition(neverSent.id, 'waiting_connection');
    const asking = job(2);
    jobs.transition(asking.id, 'waiting_connection', { error_code: OUTCOME_UNKNOWN });
    const accepted = job(1);
    jobs.transition(accepted.id, 'sending');
    jobs.transition(accepted.id, 'processing');
    expect(paidInFlight(jobs)).toEqual({ sending: 1, inDoubt: 1 });
  });
});

describe('the update service', () => {
  it('checks at start and every few hours on the chosen channel, and not at all with automatic updates off', () => {
    const { service, updater, timers } = setup();
    service.apply({ autoUpdate: true, updateChannel: 'beta' });
    expect(updater.checks).toBe(1);
    expect(updater.configured.at(-1)).toMatchObject({ channel: 'beta', allowPrerelease: true, autoDownload: true });
    expect(timers.map((t) => t.ms)).toEqual([CHECK_EVERY_MS]);
    updater.fire({ kind: 'none' });
    timers[0]?.run();
    expect(updater.checks).toBe(2);
    updater.fire({ kind: 'none' });
    service.apply({ autoUpdate: false, updateChannel: 'beta' });
    expect(timers).toEqual([]);
    expect(updater.checks).toBe(2);
    expect(service.status()).toMatchObject({ state: 'idle', automatic: false });
  });

  it('with automatic updates off, a check the person asks for downloads what it finds', async () => {
    const { service, updater } = setup();
    service.apply({ autoUpdate: false, updateChannel: 'stable' });
    expect(updater.checks).toBe(0);
    await service.check();
    updater.fire({ kind: 'available', version: '1.2.0' });
    expect(updater.downloads).toBe(1);
    expect(service.status()).toEqual({ state: 'downloading', version: '1.2.0', percent: 0 });
  });

  it('shows the download, then the update ready with its notes as text', () => {
    const { service, shown, ready } = setup();
    service.apply({ autoUpdate: true, updateChannel: 'stable' });
    ready();
    expect(shown.map((s) => s.state)).toEqual(['idle', 'checking', 'downloading', 'downloading', 'ready']);
    expect(shown[3]).toEqual({ state: 'downloading', version: '1.2.0', percent: 42 });
    expect(service.status()).toEqual({ state: 'ready', version: '1.2.0', notes: 'Faster gallery', waitingForJobs: 0 });
  });

  it('never restarts while a paid request is being sent: it waits for the queue, then restarts', async () => {
    const { service, updater, jobs, job, ready } = setup();
    service.apply({ autoUpdate: true, updateChannel: 'stable' });
    ready();
    const sending = job();
    jobs.transition(sending.id, 'sending');
    expect(await service.install()).toMatchObject({ state: 'ready', waitingForJobs: 1 });
    expect(updater.restarts).toBe(0);
    service.jobsChanged();
    await settled();
    expect(updater.restarts).toBe(0);
    jobs.transition(sending.id, 'processing');
    service.jobsChanged();
    await settled();
    expect(updater.restarts).toBe(1);
  });

  it('a restart taken back does not happen when the queue empties', async () => {
    const { service, updater, jobs, job, ready } = setup();
    service.apply({ autoUpdate: true, updateChannel: 'stable' });
    ready();
    const parked = job(1);
    jobs.transition(parked.id, 'waiting_connection');
    await service.install();
    expect(service.cancelInstall()).toMatchObject({ state: 'ready', waitingForJobs: 0 });
    jobs.transition(parked.id, 'sending');
    jobs.transition(parked.id, 'processing');
    service.jobsChanged();
    await settled();
    expect(updater.restarts).toBe(0);
  });

  it('restarts at once when nothing is being sent, and says a failed check in a sentence', async () => {
    const { service, updater, ready } = setup();
    service.apply({ autoUpdate: true, updateChannel: 'stable' });
    updater.fire({ kind: 'error', message: 'net::ERR_NAME_NOT_RESOLVED https://updates.cast.example/latest.yml' });
    expect(service.status()).toEqual({ state: 'failed' });
    await service.check();
    ready();
    await service.install();
    expect(updater.restarts).toBe(1);
  });
});
