import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { spendByCharacter } from '../../../../../electron/core/account/spendByCharacter.ts';
import { JobStore } from '../../../../../electron/core/jobs/jobStore.ts';
import { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { ResourceStore } from '../../../../../electron/core/library/resourceStore.ts';
import { dbIn } from '../support/queueHarness.ts';
import { tempDir } from '../support/tempDir.ts';

const opened: LibraryDatabase[] = [];
afterEach(() => {
  for (const library of opened.splice(0)) library.close();
});

const DAY = '2026-11-03';
const at = (h: number) => `${DAY}T${String(h).padStart(2, '0')}:00:00.000Z`;

function setup() {
  const library = LibraryDatabase.open(dbIn(tempDir()));
  opened.push(library);
  const now = () => at(23);
  const resources = new ResourceStore(library, now);
  const jobs = new JobStore(library, now);
  let hour = 0;
  const charge = (amount: number, resourceId: string | null, type = 'usage') => {
    hour += 1;
    resources.upsertTransaction({ id: randomUUID(), amount, type, description: 'Charge', resource_id: resourceId, created_at: at(hour) });
  };
  const character = (name: string) => {
    const id = randomUUID();
    resources.upsertCharacter({ id, name, status: 'ready', parameters: {}, headshot_url: null, fullbody_url: null, created_at: at(0) });
    return id;
  };
  const generation = (characterId: string, type: 'image' | 'video') => {
    const id = randomUUID();
    resources.upsertGeneration({
      id,
      type,
      status: 'completed',
      prompt: 'pier',
      character_id: characterId,
      credits_used: 1,
      completed_at: at(1),
      error_message: null,
      created_at: at(1),
    });
    return id;
  };
  return { library, resources, jobs, charge, character, generation };
}

describe('account.spendByCharacter', () => {
  it('adds up each character’s charges, most first, and keeps work of no character apart', () => {
    const { library, resources, jobs, charge, character, generation } = setup();
    const ada = character('Ada');
    const mira = character('Mira');
    charge(-2, generation(ada, 'image'));
    charge(-30, generation(mira, 'video'));
    charge(-10, ada); // the character's own creation, charged to it
    // A talk clip accepted by the outbox but not mirrored yet: its job's body names the character.
    const talkId = randomUUID();
    jobs.insert({
      id: randomUUID(),
      kind: 'generation.create',
      state: 'queued',
      title: { what: 'talk', subject: 'Talk' },
      path: '/v1/generations',
      body: JSON.stringify({ character_id: ada, type: 'talk', prompt: 'hello' }),
      idempotencyKey: randomUUID(),
      quoteId: null,
      quotedCredits: 6,
      resourceKind: null,
      resourceId: null,
      dependsOn: null,
      dependency: null,
      retryOf: null,
    });
    library.run("UPDATE jobs SET resource_kind = 'generation', resource_id = ?", talkId);
    charge(-6, talkId);
    // A voice clone belongs to no character.
    const voiceId = randomUUID();
    resources.upsertVoice({ id: voiceId, name: 'Narrator', status: 'ready', source_type: 'cloned' });
    charge(-20, voiceId);
    // A refunded charge and a grant are not spending.
    const failed = generation(mira, 'video');
    charge(-9, failed);
    charge(9, failed, 'refund');
    charge(100, null, 'grant');

    expect(spendByCharacter(library, `${DAY}T00:00:00.000Z`)).toEqual([
      { characterId: mira, name: 'Mira', credits: 30 },
      { characterId: null, name: null, credits: 20 },
      { characterId: ada, name: 'Ada', credits: 18 },
    ]);
  });

  it('counts only charges since the given time', () => {
    const { library, charge, character, generation } = setup();
    const ada = character('Ada');
    charge(-2, generation(ada, 'image'));
    charge(-3, generation(ada, 'image'));
    expect(spendByCharacter(library, at(2))).toEqual([{ characterId: ada, name: 'Ada', credits: 3 }]);
  });
});
