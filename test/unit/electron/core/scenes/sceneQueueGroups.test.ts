import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JobStore } from '../../../../../electron/core/jobs/jobStore.ts';
import { LibraryQueryStore } from '../../../../../electron/core/library/libraryQueryStore.ts';
import { sceneQueueGroups } from '../../../../../electron/core/scenes/sceneQueueGroups.ts';
import { sceneParts, type SceneParts, type SceneServices } from '../../../../../electron/core/scenes/sceneServices.ts';
import { planLines } from '../../../../../electron/core/scenes/sceneViews.ts';
import { ADA, BEN, PRESET, T, sceneJob, sceneLibrary, sceneLine } from './sceneLibrary.ts';

/** A talk clip's job whose stored request names its character, as the queue keeps it. */
function talkJob(jobs: JobStore, characterId: string, retryOf: string | null = null): string {
  // A retry is a new job without a group; the first attempt carries the scene's.
  const id = randomUUID();
  jobs.insert({
    id,
    kind: 'generation.create',
    state: 'queued',
    title: { what: 'talk', subject: 'Talk' },
    path: '/v1/generations',
    body: JSON.stringify({ character_id: characterId, type: 'talk', prompt: 'talk' }),
    idempotencyKey: randomUUID(),
    quoteId: null,
    quotedCredits: 5,
    resourceKind: null,
    resourceId: null,
    dependsOn: null,
    dependency: null,
    retryOf,
    batchId: retryOf ? null : 's1',
  });
  return id;
}

function library(): { parts: SceneParts; jobs: JobStore } {
  const { library: db } = sceneLibrary();
  const jobs = new JobStore(db, () => T);
  const services = { library: db, jobs, queries: new LibraryQueryStore(db) } as unknown as SceneServices;
  return { parts: sceneParts(services), jobs };
}

/** A scene of Ben's line, a narrator's line and Ada's line, each rendered (Ada's clip retried once). */
function renderedScene(parts: SceneParts, jobs: JobStore) {
  const lines = [
    sceneLine('Who is there?', { characterId: BEN }),
    sceneLine('Nobody answered.', { kind: 'speech', characterId: null, voiceId: PRESET }),
    sceneLine('Only me.'),
  ];
  parts.scenes.insert({ id: 's1', title: 'Pier', aspect: '16:9', quality: 'standard', collectionId: null, createdAt: T, updatedAt: T });
  parts.scenes.replaceLines('s1', lines);
  const plans = planLines(parts, parts.scenes.get('s1')!, lines);
  const job = {
    benSpeech: sceneJob(jobs, 'audio.create', 'done', { attempts: 1, batchId: 's1' }),
    benTalk: talkJob(jobs, BEN),
    narrator: sceneJob(jobs, 'audio.create', 'queued', { batchId: 's1' }),
    adaSpeech: sceneJob(jobs, 'audio.create', 'done', { attempts: 1, batchId: 's1' }),
    adaTalk: talkJob(jobs, ADA),
    adaTalkRetry: '',
  };
  jobs.update(job.adaTalk, { attempts: 1 }, 'failed');
  job.adaTalkRetry = talkJob(jobs, ADA, job.adaTalk);
  const queued = (at: number, kind: 'talk' | 'speech', speechJobId: string, talkJobId: string | null) =>
    parts.renders.queued({ key: plans[at]!.key, sceneId: 's1', kind, speechJobId, talkJobId, audioId: null }, T);
  queued(0, 'talk', job.benSpeech, job.benTalk);
  queued(1, 'speech', job.narrator, null);
  // The render follows the retry, as a scene's retry leaves it.
  queued(2, 'talk', job.adaSpeech, job.adaTalkRetry);
  return { lines, job };
}

const byJob = (parts: SceneParts, ids: string[]) =>
  new Map(sceneQueueGroups(parts, ids).flatMap((group) => group.lines.map((line) => [line.jobId, [line.lineNumber, line.speaker]])));

describe('the names of scenes’ groups in the queue', () => {
  it('names each job by its line and speaker, a retried clip’s earlier attempt too, and leaves other batches out', () => {
    const { parts, jobs } = library();
    const { job } = renderedScene(parts, jobs);
    const groups = sceneQueueGroups(parts, ['s1', 'a-batch-of-images']);
    expect(groups.map((group) => [group.sceneId, group.title])).toEqual([['s1', 'Pier']]);
    const lines = byJob(parts, ['s1']);
    expect(lines.get(job.benSpeech)).toEqual([1, 'Ben']);
    expect(lines.get(job.benTalk)).toEqual([1, 'Ben']);
    expect(lines.get(job.narrator)).toEqual([2, 'Narrator']);
    expect(lines.get(job.adaTalkRetry)).toEqual([3, 'Ada']);
    expect(lines.get(job.adaTalk)).toEqual([3, 'Ada']);
  });

  it('leaves a copy of the scene’s group without the jobs its lines reuse', () => {
    const { parts, jobs } = library();
    const { lines, job } = renderedScene(parts, jobs);
    parts.scenes.insert({
      id: 's2',
      title: 'Pier (copy)',
      aspect: '16:9',
      quality: 'standard',
      collectionId: null,
      createdAt: T,
      updatedAt: T,
    });
    parts.scenes.replaceLines(
      's2',
      lines.map((line) => ({ ...line, id: randomUUID() })),
    );
    const copy = byJob(parts, ['s2']);
    expect(copy.has(job.benTalk)).toBe(false);
    expect(byJob(parts, ['s1']).get(job.benTalk)).toEqual([1, 'Ben']);
  });

  it('follows a rename and a move of the lines', () => {
    const { parts, jobs } = library();
    const { lines, job } = renderedScene(parts, jobs);
    parts.scenes.update('s1', { title: 'The pier at night' }, T);
    parts.scenes.replaceLines('s1', [lines[2]!, lines[0]!, lines[1]!]);
    expect(sceneQueueGroups(parts, ['s1'])[0]?.title).toBe('The pier at night');
    const moved = byJob(parts, ['s1']);
    expect(moved.get(job.adaTalk)).toEqual([1, 'Ada']);
    expect(moved.get(job.benTalk)).toEqual([2, 'Ben']);
  });

  it('keeps the speaker of an edited line’s earlier render without a line, and a deleted scene’s jobs without a title', () => {
    const { parts, jobs } = library();
    const { lines, job } = renderedScene(parts, jobs);
    parts.scenes.replaceLines('s1', [{ ...lines[0]!, text: 'Who is there, now?' }, lines[1]!, lines[2]!]);
    expect(byJob(parts, ['s1']).get(job.benTalk)).toEqual([null, 'Ben']);

    parts.scenes.delete('s1');
    const [gone] = sceneQueueGroups(parts, ['s1']);
    expect(gone?.title).toBeNull();
    const after = byJob(parts, ['s1']);
    expect(after.get(job.adaTalk)).toEqual([null, 'Ada']);
    expect(after.get(job.narrator)).toEqual([null, 'Narrator']);
  });
});
