import { describe, expect, it } from 'vitest';
import type { Character } from '../../../../../shared/api/index.ts';
import type { CharacterView } from '../../../../../shared/ipc/index.ts';
import { CastVoiceStore } from '../../../../../electron/core/cast/castVoiceStore.ts';
import { registerCastHandlers } from '../../../../../electron/core/cast/registerCastHandlers.ts';
import { Router } from '../../../../../electron/core/ipc/router.ts';
import { LibraryQueryStore } from '../../../../../electron/core/library/libraryQueryStore.ts';
import { ManualClock } from '../support/manualClock.ts';
import { ADA, BEN, PRESET, sceneLibrary, T, VOICE_B } from '../scenes/sceneLibrary.ts';

describe('a character shows its cast voice', () => {
  it('wherever it is listed, kept when a sync writes the character again, gone with the character', () => {
    const { library, resources } = sceneLibrary();
    const cast = new CastVoiceStore(library);
    const queries = new LibraryQueryStore(library);
    cast.set(ADA, VOICE_B, { emotion: 'happy' }, T);

    const bright = { voiceId: VOICE_B, name: 'Bright', model: 'voice-model-b' };
    expect(queries.character(ADA)?.castVoice).toEqual(bright);
    expect(queries.character(BEN)?.castVoice).toBeNull();
    expect(queries.characters().map((c) => [c.name, c.castVoice])).toEqual(
      expect.arrayContaining([
        ['Ada', bright],
        ['Ben', null],
      ]),
    );

    // A sync brings the character again, renamed and at a new version: its voice stays.
    resources.upsertCharacter({ id: ADA, name: 'Ada Lovelace', status: 'ready', version: 2, created_at: T } as Character);
    expect(queries.character(ADA)).toMatchObject({ name: 'Ada Lovelace', castVoice: bright });

    // Deleted: the character and its voice go together; brought back later, it has none.
    resources.remove('character', ADA);
    expect(queries.character(ADA)).toBeNull();
    expect(cast.get(ADA)).toBeNull();
    resources.upsertCharacter({ id: ADA, name: 'Ada', status: 'ready', version: 1, created_at: T } as Character);
    expect(queries.character(ADA)?.castVoice).toBeNull();
  });

  it('says so when the voice is no longer in the library', () => {
    const { library, resources } = sceneLibrary();
    new CastVoiceStore(library).set(BEN, VOICE_B, {}, T);
    resources.remove('voice', VOICE_B);
    expect(new LibraryQueryStore(library).character(BEN)?.castVoice).toEqual({ voiceId: VOICE_B, name: null, model: null });
  });

  it('is sent again with the character when it is given or taken away', async () => {
    const { library } = sceneLibrary();
    const cast = new CastVoiceStore(library);
    const queries = new LibraryQueryStore(library);
    const router = new Router();
    registerCastHandlers(router, { active: () => ({ cast, services: { queries } }), clock: new ManualClock() });
    const shown: CharacterView[] = [];
    router.subscribe((event, payload) => {
      if (event === 'character.updated') shown.push(payload as CharacterView);
    });

    expect(await router.handle('cast.setVoice', { characterId: BEN, voiceId: PRESET })).toMatchObject({ ok: true });
    expect(await router.handle('cast.setVoice', { characterId: BEN, voiceId: null })).toMatchObject({ ok: true });
    expect(shown.map((c) => [c.id, c.castVoice])).toEqual([
      [BEN, { voiceId: PRESET, name: 'Narrator', model: 'voice-model-a' }],
      [BEN, null],
    ]);
  });
});
