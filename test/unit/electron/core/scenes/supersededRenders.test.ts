import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { JobState } from '../../../../../shared/ipc/index.ts';
import { systemClock } from '../../../../../electron/core/clock/clock.ts';
import { JobQueue } from '../../../../../electron/core/jobs/jobQueue.ts';
import { JobStore } from '../../../../../electron/core/jobs/jobStore.ts';
import type { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { LibraryQueryStore } from '../../../../../electron/core/library/libraryQueryStore.ts';
import { sceneParts, type SceneParts, type SceneServices } from '../../../../../electron/core/scenes/sceneServices.ts';
import { planLines } from '../../../../../electron/core/scenes/sceneViews.ts';
import { cancelSuperseded } from '../../../../../electron/core/scenes/supersededRenders.ts';
import { CaptureLog } from '../support/captureLog.ts';
import { ADA, PRESET, T, sceneJob, sceneLibrary, sceneLine } from './sceneLibrary.ts';

/** Scene parts over a real library file and a real queue that is never started: nothing is sent. */
function partsOver(library: LibraryDatabase): { parts: SceneParts; jobs: JobStore } {
  const jobs = new JobStore(library, () => T);
  const queue = new JobQueue({
    library,
    store: jobs,
    api: () => null,
    canSend: () => false,
    balance: () => null,
    keyFingerprint: () => null,
    quote: () => Promise.reject(new Error('no quotes here')),
    mirror: () => {},
    accepted: () => {},
    emit: () => {},
    clock: systemClock,
    random: () => 0.5,
    log: new CaptureLog(),
  });
  const services = { library, jobs, queue, queries: new LibraryQueryStore(library) } as unknown as SceneServices;
  return { parts: sceneParts(services), jobs };
}

/** A scene whose one line was rendered: its speech made, its clip in `talkState`. */
function renderedScene(parts: SceneParts, jobs: JobStore, id: string, talkState: JobState, talkAttempts: number) {
  const first = sceneLine('The light is out.');
  parts.scenes.insert({ id, title: 'Pier', aspect: '16:9', quality: 'standard', collectionId: null, createdAt: T, updatedAt: T });
  parts.scenes.replaceLines(id, [first]);
  const scene = parts.scenes.get(id)!;
  const [plan] = planLines(parts, scene, [first]);
  const speech = sceneJob(jobs, 'audio.create', 'done', { attempts: 1 });
  const talk = sceneJob(jobs, 'generation.create', talkState, { attempts: talkAttempts, dependsOn: speech });
  parts.renders.queued({ key: plan!.key, sceneId: id, kind: 'talk', speechJobId: speech, talkJobId: talk, audioId: null }, T);
  return { scene, first, speech, talk };
}

describe('the render of a line whose text changed', () => {
  it('has its held clip cancelled at the next render, its made speech kept', () => {
    const { library } = sceneLibrary();
    const { parts, jobs } = partsOver(library);
    parts.cast.set(ADA, PRESET, {}, T);
    const { scene, first, speech, talk } = renderedScene(parts, jobs, 's1', 'paused', 0);
    // Unedited, nothing is superseded.
    expect(cancelSuperseded(parts, scene)).toEqual([]);
    expect(jobs.get(talk)?.state).toBe('paused');

    parts.scenes.replaceLines('s1', [{ ...first, text: 'The light is out, again.' }]);
    expect(cancelSuperseded(parts, scene).map((j) => [j.id, j.state])).toEqual([[talk, 'cancelled']]);
    expect(jobs.get(talk)?.state).toBe('cancelled');
    expect(jobs.get(speech)?.state).toBe('done');
    expect(cancelSuperseded(parts, scene)).toEqual([]);
  });

  it('keeps a clip already sent: it may be charged, so it is followed to its end', () => {
    const { library } = sceneLibrary();
    const { parts, jobs } = partsOver(library);
    parts.cast.set(ADA, PRESET, {}, T);
    const { scene, first, talk } = renderedScene(parts, jobs, 's1', 'waiting_connection', 1);
    parts.scenes.replaceLines('s1', [{ ...first, text: 'Something else.' }]);
    expect(cancelSuperseded(parts, scene)).toEqual([]);
    expect(jobs.get(talk)).toMatchObject({ state: 'waiting_connection', attempts: 1 });
  });

  it('keeps a held clip whose content a line of another scene still has', () => {
    const { library } = sceneLibrary();
    const { parts, jobs } = partsOver(library);
    parts.cast.set(ADA, PRESET, {}, T);
    const { scene, first, talk } = renderedScene(parts, jobs, 's1', 'queued', 0);
    parts.scenes.insert({
      id: 's2',
      title: 'Pier (copy)',
      aspect: '16:9',
      quality: 'standard',
      collectionId: null,
      createdAt: T,
      updatedAt: T,
    });
    parts.scenes.replaceLines('s2', [{ ...first, id: randomUUID() }]);
    parts.scenes.replaceLines('s1', [{ ...first, text: 'Something else.' }]);
    expect(cancelSuperseded(parts, scene)).toEqual([]);
    expect(jobs.get(talk)?.state).toBe('queued');
  });
});
