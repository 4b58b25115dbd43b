import { describe, expect, it } from 'vitest';
import type { Job, LibraryFilter } from '../../../../../shared/ipc/index.ts';
import {
  galleryPlaceholders,
  LANDING_GRACE_MS,
  type PlaceholderSources,
  type PlaceholderView,
} from '../../../../../renderer/features/gallery/galleryPlaceholders.ts';

const T0 = Date.parse('2026-05-01T12:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

function job(id: string, change: Partial<Job> = {}): Job {
  return {
    id,
    kind: 'generation.create',
    state: 'sending',
    title: { what: 'image', subject: id },
    quotedCredits: 3,
    creditsUsed: null,
    creditsRefunded: null,
    resourceKind: 'generation',
    resourceId: null,
    dependsOn: null,
    retryOf: null,
    attempts: 0,
    progress: null,
    error: null,
    createdAt: at(0),
    updatedAt: at(0),
    startedAt: null,
    estimateMs: null,
    batchId: null,
    characterId: 'c1',
    prompt: `prompt of ${id}`,
    generationType: 'image',
    ...change,
  };
}

const byId = (...jobs: Job[]) => Object.fromEntries(jobs.map((each) => [each.id, each]));

function view(filter: Partial<LibraryFilter> = {}, held: readonly string[] = [], now = T0 + 1_000): PlaceholderView {
  return {
    filter: { sort: 'newest', ...filter },
    holds: (id) => held.includes(id),
    collectionCharacter: (id) => (id === 'cast-c1' ? 'c1' : null),
    now,
  };
}

const ids = (sources: PlaceholderSources, v: PlaceholderView) => galleryPlaceholders(sources, v).map((each) => each.job.id);

describe('placeholders of work in flight in the gallery', () => {
  it('shows every generation in flight, newest first, in the shape of its kind, until the view holds its item', () => {
    const sources = {
      inFlight: byId(
        job('old', { createdAt: at(-5_000) }),
        job('video', { generationType: 'video', createdAt: at(-1_000) }),
        job('accepted', { state: 'processing', resourceId: 'g1', createdAt: at(-3_000) }),
        job('voice', { kind: 'voice.clone', generationType: null }),
      ),
      finished: {},
    };
    const shown = galleryPlaceholders(sources, view());
    expect(shown.map((each) => each.job.id)).toEqual(['video', 'accepted', 'old']);
    // The service's default shapes: a video 16:9, an image 9:16.
    expect(shown[0]?.ratio).toBeCloseTo(16 / 9);
    expect(shown[2]?.ratio).toBeCloseTo(9 / 16);
    // Its item arrived in the view: the item's own tile follows the job from here.
    expect(ids(sources, view({}, ['g1']))).toEqual(['video', 'old']);
  });

  it('takes the aspect ratio the request asked for, and the default only when it asked for none', () => {
    const sources = {
      inFlight: byId(
        job('wide', { aspectRatio: '21:9', createdAt: at(-1_000) }),
        job('square', { generationType: 'video', aspectRatio: '1:1', createdAt: at(-2_000) }),
        job('unreadable', { aspectRatio: 'wide', createdAt: at(-3_000) }),
      ),
      finished: {},
    };
    const shown = galleryPlaceholders(sources, view());
    expect(shown.map((each) => each.ratio)).toEqual([21 / 9, 1, 9 / 16]);
  });

  it('leaves out what a filter would leave out, and shows none for a search or oldest first', () => {
    const sources = {
      inFlight: byId(job('mira', { characterId: 'c1' }), job('noor', { characterId: 'c2', generationType: 'talk' })),
      finished: {},
    };
    expect(ids(sources, view({ characterId: 'c2' }))).toEqual(['noor']);
    expect(ids(sources, view({ kinds: ['image', 'video'] }))).toEqual(['mira']);
    expect(ids(sources, view({ collectionId: 'cast-c1' })).sort()).toEqual(['mira']);
    expect(ids(sources, view({ collectionId: 'own' }))).toEqual([]);
    expect(ids(sources, view({ statuses: ['completed', 'ready'] }))).toEqual([]);
    expect(ids(sources, view({ statuses: ['pending', 'processing'] })).sort()).toEqual(['mira', 'noor']);
    expect(ids(sources, view({ from: at(1_000) }))).toEqual([]);
    expect(ids(sources, view({ to: at(-1_000) }))).toEqual([]);
    expect(ids(sources, view({ favorites: true }))).toEqual([]);
    expect(ids(sources, view({ search: 'mira' }))).toEqual([]);
    expect(ids(sources, view({ sort: 'oldest' }))).toEqual([]);
  });

  it('keeps a finished job’s place for the moment its item takes to arrive, and a failure until dismissed', () => {
    const done = job('done', { state: 'done', resourceId: 'g1', updatedAt: at(0) });
    const failedEarly = job('refused', { state: 'failed', error: { code: 'insufficient_credits', params: {} }, updatedAt: at(0) });
    const failedLate = job('failed-late', { state: 'failed', resourceId: 'g2', updatedAt: at(0) });
    const sources = { inFlight: {}, finished: byId(done, failedEarly, failedLate) };
    expect(ids(sources, view()).sort()).toEqual(['done', 'failed-late', 'refused']);
    expect(ids(sources, view({}, ['g1', 'g2']))).toEqual(['refused']);
    // Past the grace the item is either shown or not of this view; a failure that made no item stays.
    expect(ids(sources, view({}, [], T0 + LANDING_GRACE_MS + 1))).toEqual(['refused']);
    expect(ids(sources, view({ statuses: ['failed'] }, [], T0 + LANDING_GRACE_MS + 1))).toEqual(['refused']);
  });
});
