import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Generation } from '../../../../../shared/api/index.ts';
import type { AppError, EventName, Settings } from '../../../../../shared/ipc/index.ts';
import type { MediaWant } from '../../../../../electron/core/downloads/downloader.ts';
import { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { LibraryQueryStore } from '../../../../../electron/core/library/libraryQueryStore.ts';
import { ResourceStore } from '../../../../../electron/core/library/resourceStore.ts';
import type { KindRecord } from '../../../../../electron/core/records/kindRecord.ts';
import { mirrorRecord, RecordFlow } from '../../../../../electron/core/records/recordFlow.ts';
import { tempDir } from '../support/tempDir.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const CDN = 'https://cdn.example.test/media';
const CHARACTER = uuid(0xa1);

let library: LibraryDatabase;
let resources: ResourceStore;
let events: { event: EventName; payload: unknown }[];
let wanted: MediaWant[][];
let tracked: Set<string>;
let settled: { kind: string; id: string; ok: boolean; error: AppError | null }[];
let autoDownload: boolean;
let flow: RecordFlow;

function generation(n: number, status: Generation['status']): Generation {
  return {
    id: uuid(n),
    type: 'image',
    status,
    prompt: `picture ${n}`,
    character_id: CHARACTER,
    credits_used: 2,
    completed_at: status === 'completed' ? '2026-01-03T00:00:00.000Z' : null,
    error_message: null,
    ...(status === 'completed' ? { output: { url: `${CDN}/out-${n}.png`, thumbnail_url: `${CDN}/thumb-${n}.png` } } : {}),
    created_at: '2026-01-03T00:00:00.000Z',
  };
}

const named = (event: EventName) => events.filter((e) => e.event === event).map((e) => e.payload);

beforeEach(() => {
  library = LibraryDatabase.open(join(tempDir(), 'library.db'));
  resources = new ResourceStore(library, () => '2026-11-01T00:00:00.000Z');
  resources.upsertCharacter({
    id: CHARACTER,
    name: 'Mira Vale',
    status: 'ready',
    version: 3,
    parameters: {},
    headshot_url: null,
    fullbody_url: null,
  });
  events = [];
  wanted = [];
  tracked = new Set();
  settled = [];
  autoDownload = false;
  flow = new RecordFlow({
    library,
    resources,
    queries: new LibraryQueryStore(library),
    poller: {
      track: (kind, id) => void tracked.add(`${kind}:${id}`),
      untrack: (kind, id) => void tracked.delete(`${kind}:${id}`),
      isTracking: (kind, id) => tracked.has(`${kind}:${id}`),
    },
    queue: { resourceSettled: (kind, id, ok, error) => void settled.push({ kind, id, ok, error }) },
    credits: { setBalance: () => {}, refreshSoon: () => {} },
    downloader: {
      wantMany: (wants) => void wanted.push([...wants]),
      forgetOwner: (_kind, _id, removeRecord) => removeRecord(),
    },
    api: { character: () => Promise.reject(new Error('not read in these tests')) },
    settings: () => ({ autoDownload }) as Settings,
    emit: (event, payload) => void events.push({ event, payload }),
  });
});
afterEach(() => library.close());

describe('the way of a record', () => {
  it('follows a generation in flight and settles it once it completes, wanting its thumbnail always and its output only with auto-download', () => {
    flow.observe({ kind: 'generation', record: generation(1, 'processing') });
    expect(tracked.has(`generation:${uuid(1)}`)).toBe(true);
    expect(settled).toEqual([]);

    flow.observe({ kind: 'generation', record: generation(1, 'completed') });
    expect(tracked.size).toBe(0);
    expect(settled).toEqual([{ kind: 'generation', id: uuid(1), ok: true, error: null }]);
    expect(wanted.flat().map((w) => w.role)).toEqual(['thumbnail']);
    expect(named('library.updated').at(-1)).toMatchObject({ items: [{ id: uuid(1), status: 'completed' }], removedIds: [] });

    autoDownload = true;
    flow.observe({ kind: 'generation', record: generation(2, 'completed') });
    expect(wanted.at(-1)!.map((w) => w.role)).toEqual(['thumbnail', 'output']);
  });

  it('names a ready character’s pictures by the version the library holds when the record does not say it', () => {
    flow.observe({
      kind: 'character',
      record: {
        id: CHARACTER,
        name: 'Mira Vale',
        status: 'ready',
        parameters: {},
        headshot_url: `${CDN}/h.png`,
        fullbody_url: `${CDN}/f.png`,
      },
    });
    expect(wanted.flat().map((w) => `${w.ownerKind}:${w.role}`)).toEqual(['character:headshot@3', 'character:fullbody@3']);
    expect(named('character.updated')).toHaveLength(1);
  });

  it('sends a sync page’s gallery items in one event and its downloads in one batch, and nothing per voice', () => {
    autoDownload = true;
    const page = [
      { kind: 'generation', record: generation(1, 'completed') },
      { kind: 'audio', record: { id: uuid(2), name: 'Hello', status: 'ready', audio_url: `${CDN}/a.wav` } },
      { kind: 'voice', record: { id: uuid(3), name: 'Ash', status: 'ready', source_type: 'clone', preview_url: `${CDN}/p.wav` } },
    ] satisfies KindRecord[];
    // History sync commits the page before handing it on.
    library.transaction(() => page.forEach((r) => mirrorRecord(resources, r)));
    flow.synced(page, []);
    expect(events.map((e) => e.event)).toEqual(['library.updated']);
    expect(named('library.updated')[0]).toMatchObject({ items: [{ id: uuid(1) }, { id: uuid(2) }] });
    expect(wanted).toHaveLength(1);
    expect(wanted[0]!.map((w) => `${w.ownerKind}:${w.role}`)).toEqual([
      'generation:thumbnail',
      'generation:output',
      'audio:output',
      'voice:preview',
    ]);
  });

  it('forgets a track deleted on the service: its job fails, the library drops it and says so', () => {
    flow.observe({ kind: 'audio', record: { id: uuid(4), name: 'Hello', status: 'processing' } });
    expect(named('audio.updated')).toEqual([{ audioId: uuid(4), status: 'processing' }]);
    flow.observe({ kind: 'audio', deleted: uuid(4) });
    expect(settled).toEqual([{ kind: 'audio', id: uuid(4), ok: false, error: { code: 'deleted_before_done', params: {} } }]);
    expect(tracked.size).toBe(0);
    expect(new LibraryQueryStore(library).item(uuid(4))).toBeNull();
    expect(named('library.updated').at(-1)).toEqual({ items: [], removedIds: [uuid(4)] });
    expect(named('audio.updated').at(-1)).toEqual({ audioId: uuid(4), status: 'deleted' });
  });
});
