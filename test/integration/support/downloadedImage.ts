import type { Job, LibraryItem } from '../../../shared/ipc/index.ts';
import type { Harness } from './coreHarness.ts';

/** A character made through core, waited for until its job is done: its id. */
export async function characterMade(h: Harness, name: string): Promise<string> {
  const created = (await h.invoke('characters.create', { body: { name, parameters: {} }, quoteId: null })) as Job;
  return (await h.waitFor('job.updated', (j) => j.id === created.id && j.state === 'done')).resourceId!;
}

/**
 * A character and an image of it made through core, waited for until every download is idle: the
 * image's library item as core then reads it (the caller checks what it expects of it).
 */
export async function downloadedImage(
  h: Harness,
  name: string,
  prompt: string,
): Promise<{ characterId: string; generationId: string; item: LibraryItem }> {
  const characterId = await characterMade(h, name);
  const made = (await h.invoke('generations.create', { body: { character_id: characterId, type: 'image', prompt }, quoteId: null })) as Job;
  const generationId = (await h.waitFor('job.updated', (j) => j.id === made.id && j.state === 'done')).resourceId!;
  await h.core.session()!.downloader.idle(60_000);
  return { characterId, generationId, item: (await h.invoke('library.get', { id: generationId })) as LibraryItem };
}
