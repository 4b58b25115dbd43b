import { join } from 'node:path';
import { MediaStore } from '../../../../../electron/core/downloads/mediaStore.ts';
import { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { ResourceStore } from '../../../../../electron/core/library/resourceStore.ts';
import { tempDir } from '../support/tempDir.ts';

/** The id of the completed image generation that owns the files these tests download. */
export const GEN = '00000000-0000-4000-8000-000000000001';

/**
 * A library in a fresh folder holding one completed image generation (`GEN`) to own downloaded
 * files, and the media store beside it. The library's closing goes onto `cleanups`.
 */
export function imageLibrary(cleanups: (() => Promise<void> | void)[]): { dir: string; library: LibraryDatabase; store: MediaStore } {
  const dir = tempDir();
  const library = LibraryDatabase.open(join(dir, 'library.db'));
  cleanups.push(() => library.close());
  new ResourceStore(library, () => new Date().toISOString()).upsertGeneration({
    id: GEN,
    type: 'image',
    status: 'completed',
    prompt: 'p',
    character_id: GEN,
    credits_used: 1,
    completed_at: null,
    error_message: null,
  });
  return { dir, library, store: new MediaStore(join(dir, 'media'), library) };
}
