import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Router } from '../../../../../electron/core/ipc/router.ts';
import { JobStore } from '../../../../../electron/core/jobs/jobStore.ts';
import { LibraryQueryStore } from '../../../../../electron/core/library/libraryQueryStore.ts';
import type { LibraryDatabase } from '../../../../../electron/core/library/libraryDatabase.ts';
import { registerCastHandlers } from '../../../../../electron/core/cast/registerCastHandlers.ts';
import { lineNeeds } from '../../../../../electron/core/scenes/lineNeeds.ts';
import { sceneParts, type SceneParts, type SceneServices } from '../../../../../electron/core/scenes/sceneServices.ts';
import { planLines, sceneView } from '../../../../../electron/core/scenes/sceneViews.ts';
import { ADA, BEN, PRESET, T, VOICE_A, VOICE_B, sceneJob, sceneLibrary, sceneLine } from './sceneLibrary.ts';

const clock = { now: () => Date.parse(T), setTimeout: () => null, clearTimeout: () => {} };

/** The scene parts over a real library file; only the stores these reads use are real, nothing is sent. */
function partsOver(library: LibraryDatabase): { parts: SceneParts; jobs: JobStore } {
  const jobs = new JobStore(library, () => T);
  const spaceLink = { claimRoom: () => null, onClaims: () => () => undefined };
  const services = { library, jobs, queries: new LibraryQueryStore(library), spaceLink } as unknown as SceneServices;
  return { parts: sceneParts(services), jobs };
}

describe('scene lines keyed by content', () => {
  it('reuses a done render for the same content in any scene, re-renders an edited line alone, and retries only a failed clip', () => {
    const { library } = sceneLibrary();
    const { parts, jobs } = partsOver(library);
    parts.cast.set(ADA, VOICE_A, {}, T);
    parts.cast.set(BEN, PRESET, {}, T);
    parts.scenes.insert({ id: 's1', title: 'Pier', aspect: '16:9', quality: 'standard', collectionId: null, createdAt: T, updatedAt: T });
    const lines = [
      sceneLine('Hello.'),
      sceneLine('Hi there.', { characterId: BEN }),
      sceneLine('Night fell.', { kind: 'speech', characterId: null, voiceId: PRESET }),
    ];
    parts.scenes.replaceLines('s1', lines);
    const scene = parts.scenes.get('s1')!;
    const plans = planLines(parts, scene, lines);
    expect(lineNeeds(parts, plans).map((n) => n.steps)).toEqual(['both', 'both', 'speech']);

    // Line 1 rendered; line 2's speech was made but its clip failed.
    const [p1, p2] = plans;
    parts.renders.queued({ key: p1!.key, sceneId: 's1', kind: 'talk', speechJobId: null, talkJobId: null, audioId: null }, T);
    parts.renders.settle({ ...parts.renders.get(p1!.key)!, state: 'done', mediaId: 'm1', mediaType: 'video/mp4', durationMs: 2000 }, T);
    const speech = sceneJob(jobs, 'audio.create', 'done', { resourceId: 'audio-2' });
    const talk = sceneJob(jobs, 'generation.create', 'failed');
    parts.renders.queued({ key: p2!.key, sceneId: 's1', kind: 'talk', speechJobId: speech, talkJobId: talk, audioId: null }, T);
    parts.renders.settle(
      {
        ...parts.renders.get(p2!.key)!,
        state: 'failed',
        error: { code: 'generation_failed', params: {}, serviceMessage: 'The clip failed.' },
      },
      T,
    );
    expect(lineNeeds(parts, plans).map((n) => n.steps)).toEqual(['none', 'talk', 'speech']);

    const view = sceneView(parts, scene);
    expect(view.lines.map((l) => l.state)).toEqual(['done', 'failed', 'draft']);
    expect(view.lines[0]).toMatchObject({ mediaId: 'm1', durationMs: 2000 });
    expect(view.lines[1]?.error).toEqual({ code: 'generation_failed', params: {}, serviceMessage: 'The clip failed.' });

    // The same content in a duplicate scene is the same render; an edit makes a new key (draft).
    parts.scenes.insert({ id: 's2', title: 'Copy', aspect: '16:9', quality: 'standard', collectionId: null, createdAt: T, updatedAt: T });
    parts.scenes.replaceLines('s2', [
      { ...lines[0]!, id: randomUUID() },
      { ...lines[0]!, id: randomUUID(), text: 'Hello again.' },
    ]);
    expect(sceneView(parts, parts.scenes.get('s2')!).lines.map((l) => l.state)).toEqual(['done', 'draft']);

    // The scene's quality decides its talk clips: another quality is another render.
    parts.scenes.update('s2', { quality: 'pro' }, T);
    expect(sceneView(parts, parts.scenes.get('s2')!).lines.map((l) => l.state)).toEqual(['draft', 'draft']);
    library.close();
  });
});

describe('cast voices', () => {
  it('gives a character a voice the library knows, refuses model-b fields on another model, and says so in events', async () => {
    const { library, resources } = sceneLibrary();
    const { parts } = partsOver(library);
    const router = new Router();
    const events: unknown[] = [];
    router.subscribe((event, payload) => events.push([event, payload]));
    registerCastHandlers(router, { active: () => parts, clock });

    const given = await router.handle('cast.setVoice', {
      characterId: ADA,
      voiceId: VOICE_B,
      settings: { speaker: 'a keeper', emotion: 'sad' },
    });
    expect(given).toMatchObject({
      ok: true,
      value: { characterId: ADA, voiceId: VOICE_B, voiceName: 'Bright', settings: { speaker: 'a keeper' } },
    });
    expect(events).toEqual([
      ['cast.changed', { characterId: ADA, voice: (given as { value: unknown }).value }],
      ['character.updated', expect.objectContaining({ id: ADA, castVoice: { voiceId: VOICE_B, name: 'Bright', model: 'voice-model-b' } })],
    ]);

    const refused = await router.handle('cast.setVoice', { characterId: BEN, voiceId: VOICE_A, settings: { language: 'fr' } });
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'model_b_settings',
        params: { settings: ['language'], voice: expect.any(String), model: 'voice-model-a' },
        field: 'settings.language',
      },
    });
    expect(await router.handle('cast.setVoice', { characterId: BEN, voiceId: 'no-such-voice' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await router.handle('cast.setVoice', { characterId: BEN, voiceId: PRESET })).toMatchObject({
      ok: true,
      value: { voiceName: 'Narrator' },
    });
    expect(((await router.handle('cast.voices', {})) as { value: unknown[] }).value).toHaveLength(2);

    expect(await router.handle('cast.setVoice', { characterId: BEN, voiceId: null })).toEqual({ ok: true, value: null });
    expect(events.slice(-2)).toEqual([
      ['cast.changed', { characterId: BEN, voice: null }],
      ['character.updated', expect.objectContaining({ id: BEN, castVoice: null })],
    ]);
    // A sync that writes the voice again keeps the cast voice.
    resources.upsertVoice({ id: VOICE_B, name: 'Bright 2', status: 'ready', source_type: 'designed', model: 'voice-model-b' } as never);
    expect(((await router.handle('cast.voices', {})) as { value: { voiceName: string }[] }).value[0]?.voiceName).toBe('Bright 2');
    library.close();
  });
});
