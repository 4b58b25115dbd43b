import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { spendByDay } from '../../../../../electron/core/account/spendByDay.ts';
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
  const charge = (amount: number, description: string, resourceId: string | null, type = 'usage') => {
    hour += 1;
    resources.upsertTransaction({ id: randomUUID(), amount, type, description, resource_id: resourceId, created_at: at(hour) });
  };
  return { library, resources, jobs, charge };
}

describe('account.spendByDay', () => {
  it('puts every charge in a kind of work, even when the library does not mirror the resource it names', () => {
    const { library, resources, jobs, charge } = setup();
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
    // A mirrored image: found through the library.
    const imageId = randomUUID();
    resources.upsertGeneration({
      id: imageId,
      type: 'image',
      status: 'completed',
      prompt: 'pier',
      character_id: characterId,
      credits_used: 2,
      completed_at: at(1),
      error_message: null,
      created_at: at(1),
    });
    charge(-2, `Image generation for "Ada"`, imageId);
    // A talk clip accepted by the outbox but not mirrored yet: found through its job's body.
    const talkId = randomUUID();
    jobs.insert({
      id: randomUUID(),
      kind: 'generation.create',
      state: 'queued',
      title: { what: 'talk', subject: 'Talk' },
      path: '/v1/generations',
      body: JSON.stringify({ character_id: characterId, type: 'talk', prompt: 'hello' }),
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
    charge(-6, 'Something the service words differently', talkId);
    // Character creation and regeneration are charged to generation ids the library never sees.
    charge(-10, 'Character "Ada" created', randomUUID());
    charge(-8, 'Character "Ada" regenerated', randomUUID());
    charge(-5, 'Character "Ada" edited', randomUUID());
    // A voice clone and speech: mirrored voice, and a description.
    const voiceId = randomUUID();
    resources.upsertVoice({ id: voiceId, name: 'Narrator', status: 'ready', source_type: 'cloned' });
    charge(-20, 'Clone', voiceId);
    charge(-1, 'Speech "Intro" with Narrator', randomUUID());
    // A video whose charge was refunded (it failed): not spending.
    const failedVideo = randomUUID();
    charge(-9, 'Video generation for "Ada"', failedVideo);
    charge(9, 'Refund: video generation failed', failedVideo, 'refund');
    // Purchases and grants are not spending either.
    charge(100, 'Starting credits', null, 'grant');

    const rows = spendByDay(library, `${DAY}T00:00:00.000Z`);
    expect(rows).toEqual([
      { day: DAY, kind: 'audio', credits: 1 },
      { day: DAY, kind: 'character', credits: 10 },
      { day: DAY, kind: 'image', credits: 2 },
      { day: DAY, kind: 'regenerate', credits: 13 },
      { day: DAY, kind: 'talk', credits: 6 },
      { day: DAY, kind: 'voice', credits: 20 },
    ]);
    expect(rows.some((r) => r.kind === 'usage')).toBe(false);
  });

  it('counts only charges since the given time', () => {
    const { library, charge } = setup();
    charge(-2, 'Image generation for "Ada"', randomUUID());
    charge(-3, 'Video generation for "Ada"', randomUUID());
    expect(spendByDay(library, at(2))).toEqual([{ day: DAY, kind: 'video', credits: 3 }]);
  });
});
