import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CdnSources, isLoopback } from '../../../../../electron/core/downloads/cdnSources.ts';
import { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { LibraryQueryStore } from '../../../../../electron/core/library/libraryQueryStore.ts';
import { ResourceStore } from '../../../../../electron/core/library/resourceStore.ts';
import { tempDir } from '../support/tempDir.ts';

const CHARACTER = '00000000-0000-4000-8000-000000000001';
const IMAGE = '00000000-0000-4000-8000-000000000002';
const SHA = 'ab'.repeat(32);
let library: LibraryDatabase | null = null;
afterEach(() => library?.close());

/**
 * The embedded sandbox came back on another port: its records as the library mirrored them still
 * name the old one until a sync reads them again. What the library hands out names the CDN as it is now.
 */
describe('the service’s addresses an item carries', () => {
  it('name the connection’s CDN of the moment, its own address and its inputs’ alike; other addresses stay as they are', () => {
    library = LibraryDatabase.open(join(tempDir(), 'library.db'));
    const store = new ResourceStore(library, () => '2026-11-01T00:00:00.000Z');
    store.upsertCharacter({
      id: CHARACTER,
      name: 'Mira',
      status: 'ready',
      parameters: {},
      headshot_url: null,
      fullbody_url: null,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    store.upsertGeneration({
      id: IMAGE,
      type: 'image',
      status: 'completed',
      prompt: 'a pier',
      character_id: CHARACTER,
      credits_used: 2,
      completed_at: '2026-01-03T00:00:00.000Z',
      error_message: null,
      options: { reference_images: [`https://127.0.0.1:4100/cdn/${SHA}.png`, 'https://elsewhere.example/a.png'], style: 'editorial' },
      output: { url: `https://127.0.0.1:4100/cdn/${SHA}.png`, thumbnail_url: `https://127.0.0.1:4100/cdn/${'cd'.repeat(32)}.png` },
      created_at: '2026-01-03T00:00:00.000Z',
    });
    const sources = new CdnSources('https://127.0.0.1:4200/cdn', isLoopback);
    const queries = new LibraryQueryStore(library, (url) => sources.resolve(sources.toStored(url)));

    const item = queries.item(IMAGE)!;
    expect(item.remoteUrl).toBe(`https://127.0.0.1:4200/cdn/${SHA}.png`);
    expect(item.options).toMatchObject({
      reference_images: [`https://127.0.0.1:4200/cdn/${SHA}.png`, 'https://elsewhere.example/a.png'],
      style: 'editorial',
    });
    expect(queries.query({ sort: 'newest' }, 0, 10).items.find((each) => each.id === IMAGE)?.remoteUrl).toBe(item.remoteUrl);
  });
});
