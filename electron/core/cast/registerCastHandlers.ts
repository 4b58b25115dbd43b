import { MODEL_B_FIELDS } from '../../../shared/api/audio.ts';
import type { CastVoice, SpeechSettings } from '../../../shared/ipc/scenes.ts';
import type { Clock } from '../clock/clock.ts';
import { AppFailure } from '../ipc/appFailure.ts';
import type { Router } from '../ipc/router.ts';
import type { LibraryQueryStore } from '../library/libraryQueryStore.ts';
import type { CastVoiceStore } from './castVoiceStore.ts';

/** What the cast commands use of the active connection. */
export type CastServices = { cast: CastVoiceStore; services: { queries: Pick<LibraryQueryStore, 'character'> } };

export function registerCastHandlers(router: Router, deps: { active: () => CastServices; clock: Clock }): void {
  const { active, clock } = deps;

  router.register('cast.voices', () => active().cast.list());

  router.register('cast.setVoice', (input) => {
    const { cast, services } = active();
    // The character shows its voice wherever it is (its card too), so it is sent again with it.
    const changed = (voice: CastVoice | null): void => {
      router.emit('cast.changed', { characterId: input.characterId, voice });
      const character = services.queries.character(input.characterId);
      if (character) router.emit('character.updated', character);
    };
    if (!cast.hasCharacter(input.characterId)) throw new AppFailure('not_found', { what: 'character' }, { field: 'characterId' });
    if (input.voiceId === null) {
      if (cast.remove(input.characterId)) changed(null);
      return null;
    }
    const settings = checkedSettings(cast, input.voiceId, input.settings ?? {});
    cast.set(input.characterId, input.voiceId, settings, new Date(clock.now()).toISOString());
    const voice = cast.get(input.characterId);
    changed(voice);
    return voice;
  });
}

/** The voice must be one the library knows; spec 4.5: the model-b fields apply to voice-model-b only. */
function checkedSettings(cast: CastVoiceStore, voiceId: string, settings: SpeechSettings): SpeechSettings {
  const voice = cast.voice(voiceId);
  if (!voice) throw new AppFailure('not_found', { what: 'voice' }, { field: 'voiceId' });
  if (voice.status === 'failed') throw new AppFailure('voice_failed', { voice: voice.name }, { field: 'voiceId' });
  const modelB = MODEL_B_FIELDS.filter((field) => field in settings && settings[field as keyof SpeechSettings] !== undefined);
  if (modelB.length > 0 && voice.model !== 'voice-model-b') {
    throw new AppFailure(
      'model_b_settings',
      { settings: modelB, voice: voice.name, model: voice.model ?? null },
      { field: `settings.${modelB[0]}` },
    );
  }
  return settings;
}
