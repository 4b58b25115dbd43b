import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandName } from '../../../../../shared/ipc/index.ts';
import { JOB_KIND_IDS, JOB_KIND_VIEWS, type JobKindViews } from '../../../../../shared/jobs/jobKinds.ts';
import { UsageStore } from '../../../../../electron/core/account/usageStore.ts';
import { HistoryMatchStore } from '../../../../../electron/core/jobs/historyMatchStore.ts';
import {
  concurrencyOf,
  jobCommands,
  JOB_KINDS,
  type JobKindRows,
  type JobKindRule,
  type JobKindTable,
} from '../../../../../electron/core/jobs/jobKinds.ts';
import { JobStore } from '../../../../../electron/core/jobs/jobStore.ts';
import { PAID_COMMANDS } from '../../../../../electron/core/library/libraryHealth.ts';
import { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { ResourceStore } from '../../../../../electron/core/library/resourceStore.ts';
import { jobKindMessage } from '../../../../../renderer/features/queue/jobLabels.ts';
import { messagesFor } from '../../../../../renderer/i18n/catalogs.ts';
import { dbIn } from '../support/queueHarness.ts';
import { tempDir } from '../support/tempDir.ts';

const opened: LibraryDatabase[] = [];
afterEach(() => {
  for (const library of opened.splice(0)) library.close();
});

const DAY = '2026-11-03';
const at = (h: number) => `${DAY}T${String(h).padStart(2, '0')}:00:00.000Z`;

/** A kind of job the app does not have: a song sung by a voice, for a character, made as an audio track. */
const SONG: JobKindRule = {
  makes: 'audio',
  label: 'Song',
  command: 'songs.create' as CommandName,
  operationId: 'songs.create.v1' as JobKindRule['operationId'],
  concurrency: 3,
  targetsCharacter: false,
  request: () => ({ title: { what: 'speech', subject: 'Song' }, path: '/v1/songs', body: '{}', resourceId: null }),
  readAccepted: () => {
    throw new Error('not read here');
  },
  history: (b) => ({ voice_id: b.voice_id, text: b.lyrics }),
  usage: { category: { word: 'song' }, characterField: 'singer_id' },
};
const WITH_SONG: JobKindTable = { ...JOB_KINDS, 'song.create': SONG };

function setup() {
  const library = LibraryDatabase.open(dbIn(tempDir()));
  opened.push(library);
  const resources = new ResourceStore(library, () => at(23));
  const jobs = new JobStore(library, () => at(23));
  return { library, resources, jobs };
}

/** An accepted song job: stored as a speech job, then given the fixture's kind (the store reads back only kinds it knows). */
function acceptedSong(library: LibraryDatabase, jobs: JobStore, body: Record<string, unknown>, resourceId: string): string {
  const id = randomUUID();
  jobs.insert({
    id,
    kind: 'audio.create',
    state: 'queued',
    title: { what: 'speech', subject: 'Song' },
    path: '/v1/songs',
    body: JSON.stringify(body),
    idempotencyKey: randomUUID(),
    quoteId: null,
    quotedCredits: 4,
    resourceKind: null,
    resourceId: null,
    dependsOn: null,
    dependency: null,
    retryOf: null,
  });
  library.run("UPDATE jobs SET kind = 'song.create', resource_kind = 'audio', resource_id = ? WHERE id = ?", resourceId, id);
  return id;
}

describe('the table of job kinds', () => {
  it('has a row and a view for exactly the kinds the app knows, and the queue’s English words are the views’ labels', () => {
    expect(Object.keys(JOB_KINDS).sort()).toEqual([...JOB_KIND_IDS].sort());
    expect(Object.keys(JOB_KIND_VIEWS).sort()).toEqual([...JOB_KIND_IDS].sort());
    for (const kind of JOB_KIND_IDS) expect(messagesFor('en')[jobKindMessage(kind)]).toBe(JOB_KIND_VIEWS[kind].label);
    expect(PAID_COMMANDS).toEqual(new Set([...jobCommands(), 'jobs.retry', 'jobs.sendAgain']));
  });

  it('a kind added to the table is sent with its own concurrency and is paid work', () => {
    expect(concurrencyOf(WITH_SONG)).toEqual({ ...concurrencyOf(), 'song.create': 3 });
    expect(jobCommands(WITH_SONG)).toEqual([...jobCommands(), 'songs.create']);
  });

  it('a kind added to the table is matched in the mirrored history as its row says', () => {
    const { library, resources } = setup();
    const voiceId = randomUUID();
    const trackId = randomUUID();
    resources.upsertAudio({
      id: trackId,
      name: 'Song',
      status: 'ready',
      voice_id: voiceId,
      text: 'la la',
      credits_used: 4,
      created_at: at(2),
    });
    const job = { id: randomUUID(), kind: 'song.create', body: JSON.stringify({ voice_id: voiceId, lyrics: 'la la' }) };

    expect(new HistoryMatchStore(library).candidates(job, at(1), at(3))).toBeNull();
    expect(new HistoryMatchStore(library, WITH_SONG).candidates(job, at(1), at(3))).toEqual([
      { resourceKind: 'audio', resourceId: trackId, status: 'ready', createdAt: at(2) },
    ]);
  });

  it('a kind added to the table has its charges counted in its own category and for the character its request names', () => {
    const { library, resources, jobs } = setup();
    const characterId = randomUUID();
    resources.upsertCharacter({
      id: characterId,
      name: 'Ada',
      status: 'ready',
      parameters: {},
      headshot_url: null,
      fullbody_url: null,
      created_at: at(0),
    });
    const trackId = randomUUID();
    acceptedSong(library, jobs, { voice_id: randomUUID(), lyrics: 'la la', singer_id: characterId }, trackId);
    // Worded so that no description rule knows it: only the job can tell what it was.
    resources.upsertTransaction({
      id: randomUUID(),
      amount: -4,
      type: 'usage',
      description: 'Charge',
      resource_id: trackId,
      created_at: at(5),
    });

    const since = `${DAY}T00:00:00.000Z`;
    expect(new UsageStore(library).spendByDay(since)).toEqual([{ day: DAY, kind: 'other', credits: 4 }]);
    expect(new UsageStore(library, WITH_SONG).spendByDay(since)).toEqual([{ day: DAY, kind: 'song', credits: 4 }]);
    expect(new UsageStore(library).spendByCharacter(since)).toEqual([{ characterId: null, name: null, credits: 4 }]);
    expect(new UsageStore(library, WITH_SONG).spendByCharacter(since)).toEqual([{ characterId, name: 'Ada', credits: 4 }]);
  });

  it('refuses, at compile time, a kind without its row or its view', () => {
    const { 'voice.clone': voice, ...others } = JOB_KINDS;
    const rows = {
      'character.create': others['character.create'],
      'character.regenerate': others['character.regenerate'],
      'character.revert': others['character.revert'],
      'generation.create': others['generation.create'],
      'audio.create': others['audio.create'],
    };
    // @ts-expect-error a kind (voice.clone) has no row
    const missingRow: JobKindRows = rows;
    const complete: JobKindRows = { ...rows, 'voice.clone': voice };

    const { 'voice.clone': voiceView, ...otherViews } = JOB_KIND_VIEWS;
    // @ts-expect-error a kind (voice.clone) has no view
    const missingView: JobKindViews = otherViews;
    const completeViews: JobKindViews = { ...otherViews, 'voice.clone': voiceView };

    expect([missingRow, complete, missingView, completeViews].map((table) => Object.keys(table).length)).toEqual([5, 6, 5, 6]);
  });
});
