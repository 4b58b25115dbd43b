import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Character } from '../../../../../shared/api/index.ts';
import type { JobState } from '../../../../../shared/ipc/index.ts';
import type { SceneLineInput } from '../../../../../shared/ipc/scenes.ts';
import type { JobStore } from '../../../../../electron/core/jobs/jobStore.ts';
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

/** A talk line of ADA's, with `change` over it. */
export function sceneLine(text: string, change: Partial<SceneLineInput> = {}): SceneLineInput {
  return { id: randomUUID(), kind: 'talk', characterId: ADA, voiceId: null, text, emotion: null, talk: null, clipItemId: null, ...change };
}

/** A job row of a line's render, put in `state` as if it had got there (attempts, its result, the step it waits for). */
export function sceneJob(
  jobs: JobStore,
  kind: 'audio.create' | 'generation.create',
  state: JobState,
  change: { attempts?: number; resourceId?: string | null; dependsOn?: string | null; batchId?: string } = {},
): string {
  const id = randomUUID();
  jobs.insert({
    id,
    kind,
    state: 'queued',
    title: { what: kind === 'audio.create' ? 'speech' : 'talk', subject: kind },
    path: kind === 'audio.create' ? '/v1/audio' : '/v1/generations',
    body: '{}',
    idempotencyKey: randomUUID(),
    quoteId: null,
    quotedCredits: 5,
    resourceKind: null,
    resourceId: null,
    dependsOn: change.dependsOn ?? null,
    dependency: null,
    retryOf: null,
    batchId: change.batchId ?? null,
  });
  jobs.update(id, { attempts: change.attempts ?? 0, resource_id: change.resourceId ?? null }, state);
  return id;
}
