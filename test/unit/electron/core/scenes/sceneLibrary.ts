import { join } from 'node:path';
import type { Character } from '../../../../../shared/api/index.ts';
import { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { ResourceStore } from '../../../../../electron/core/library/resourceStore.ts';
import { tempDir } from '../support/tempDir.ts';

export const T = '2026-11-01T10:00:00.000Z';
export const ADA = '11111111-1111-4111-8111-111111111111';
export const BEN = '22222222-2222-4222-8222-222222222222';
export const VOICE_A = '33333333-3333-4333-8333-333333333333';
export const VOICE_B = '44444444-4444-4444-8444-444444444444';
export const PRESET = '55555555-5555-4555-8555-555555555555';

/** A real library file with two characters, a voice of each model and a preset. */
export function sceneLibrary(): { library: LibraryDatabase; resources: ResourceStore } {
  const library = LibraryDatabase.open(join(tempDir(), 'library.db'));
  const resources = new ResourceStore(library, () => T);
  for (const [id, name] of [
    [ADA, 'Ada'],
    [BEN, 'Ben'],
  ] as const)
    resources.upsertCharacter({ id, name, status: 'ready', version: 1, created_at: T } as Character);
  resources.upsertVoice({
    id: VOICE_A,
    name: 'Warm',
    status: 'ready',
    source_type: 'cloned',
    model: 'voice-model-a',
    owner: 'me',
  });
  resources.upsertVoice({
    id: VOICE_B,
    name: 'Bright',
    status: 'ready',
    source_type: 'designed',
    model: 'voice-model-b',
    owner: 'me',
  });
  resources.upsertVoice({ id: PRESET, name: 'Narrator', status: 'ready', source_type: 'preset', model: 'voice-model-a' });
  return { library, resources };
}
