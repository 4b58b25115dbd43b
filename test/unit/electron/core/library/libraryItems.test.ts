import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { LibraryQueryStore } from '../../../../../electron/core/library/libraryQueryStore.ts';
import { ResourceStore } from '../../../../../electron/core/library/resourceStore.ts';
import { tempDir } from '../support/tempDir.ts';

const MIRA = '00000000-0000-4000-8000-0000000000a1';
const ORO = '00000000-0000-4000-8000-0000000000a2';
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const CDN = 'https://cdn.example.test/media';

let library: LibraryDatabase;

/** A finished generation of a character, numbered `n`. */
function completedGeneration(n: number, type: 'image' | 'character_create', prompt: string | null, characterId: string): void {
  store.upsertGeneration({
    id: uuid(n),
    type,
    status: 'completed',
    prompt,
    character_id: characterId,
    credits_used: 2,
    completed_at: '2026-01-03T00:00:00.000Z',
    error_message: null,
    output: { url: `${CDN}/out-${n}.png`, thumbnail_url: `${CDN}/thumb-${n}.png` },
    created_at: `2026-01-03T00:00:${String(n).padStart(2, '0')}.000Z`,
  });
}
let store: ResourceStore;
let queries: LibraryQueryStore;

beforeEach(() => {
  library = LibraryDatabase.open(join(tempDir(), 'library.db'));
  store = new ResourceStore(library, () => '2026-11-01T00:00:00.000Z');
  queries = new LibraryQueryStore(library);
  store.upsertCharacter({
    id: MIRA,
    name: 'Mira Vale',
    status: 'ready',
    parameters: {},
    headshot_url: null,
    fullbody_url: null,
    created_at: '2026-01-01T00:00:00.000Z',
  });
  store.upsertCharacter({
    id: ORO,
    name: 'Captain Oro',
    status: 'ready',
    parameters: {},
    headshot_url: null,
    fullbody_url: null,
    created_at: '2026-01-02T00:00:00.000Z',
  });
  for (let n = 1; n <= 5; n += 1) completedGeneration(n, 'image', `picture ${n}`, n <= 3 ? MIRA : ORO);
});
afterEach(() => library.close());

describe('a collection per character', () => {
  it('appears by itself with the character id and the count of its items, after the user’s own', () => {
    library.run("INSERT INTO collections (id, name, character_id, created_at) VALUES ('mine', 'Launch', NULL, '2026-01-01T00:00:00.000Z')");
    expect(queries.collections()).toEqual([
      { id: 'mine', name: 'Launch', characterId: null, count: 0 },
      { id: `character:${MIRA}`, name: 'Mira Vale', characterId: MIRA, count: 3 },
      { id: `character:${ORO}`, name: 'Captain Oro', characterId: ORO, count: 2 },
    ]);
  });

  it('filters the library by its character when queried by its id', () => {
    const page = queries.query({ sort: 'oldest', collectionId: `character:${ORO}` }, 0, 50);
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.id)).toEqual([uuid(4), uuid(5)]);
    expect(queries.ids({ sort: 'newest', collectionId: `character:${MIRA}` })).toEqual([uuid(3), uuid(2), uuid(1)]);
  });

  it('follows a rename of the character and a deletion of its items', () => {
    store.upsertCharacter({ id: ORO, name: 'Admiral Oro', status: 'ready', parameters: {}, headshot_url: null, fullbody_url: null });
    store.remove('generation', uuid(5));
    expect(queries.collections().find((each) => each.characterId === ORO)).toEqual({
      id: `character:${ORO}`,
      name: 'Admiral Oro',
      characterId: ORO,
      count: 1,
    });
  });
});

describe('a character’s portrait in the library', () => {
  it('is titled by the character’s name alone, with no English word the page would have to show', () => {
    completedGeneration(40, 'character_create', null, MIRA);
    expect(queries.item(uuid(40))?.title).toBe('Mira Vale');
  });
});

describe('audio tracks in the library', () => {
  it('carry their speech text as the prompt, and search finds the speech text', () => {
    store.upsertAudio({
      id: uuid(20),
      name: 'Greeting',
      status: 'ready',
      text: 'Welcome aboard the lighthouse ferry',
      audio_url: `${CDN}/speech.wav`,
      created_at: '2026-01-04T00:00:00.000Z',
    });
    const item = queries.item(uuid(20));
    expect(item).toMatchObject({ kind: 'audio', title: 'Greeting', prompt: 'Welcome aboard the lighthouse ferry' });
    const found = queries.query({ sort: 'newest', search: 'lighth ferry' }, 0, 10);
    expect(found.items.map((each) => each.id)).toEqual([uuid(20)]);
  });

  it('keep the text they had when a later record of the track leaves it out', () => {
    store.upsertAudio({ id: uuid(21), name: 'Line', status: 'processing', text: 'Storm over the harbor' });
    store.upsertAudio({ id: uuid(21), name: 'Line', status: 'ready', audio_url: `${CDN}/line.wav` });
    expect(queries.item(uuid(21))?.prompt).toBe('Storm over the harbor');
    expect(queries.query({ sort: 'newest', search: 'harbor' }, 0, 10).total).toBe(1);
  });
});

describe('the remote URL of an item', () => {
  it('is the service’s output URL of a generation and the audio URL of a track, null until there is one', () => {
    expect(queries.item(uuid(2))?.remoteUrl).toBe(`${CDN}/out-2.png`);
    store.upsertAudio({ id: uuid(22), name: 'Pending', status: 'processing', text: 'Soon' });
    expect(queries.item(uuid(22))?.remoteUrl).toBeNull();
    store.upsertAudio({ id: uuid(22), name: 'Pending', status: 'ready', audio_url: `${CDN}/pending.wav` });
    expect(queries.query({ sort: 'newest', kinds: ['audio'] }, 0, 10).items[0]?.remoteUrl).toBe(`${CDN}/pending.wav`);
  });
});
