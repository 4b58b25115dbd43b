import { UserRoundPlus } from 'lucide-react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import { useCharactersStore } from '../../stores/charactersStore.ts';
import { useToastStore } from '../../stores/toastStore.ts';
import { Menu } from '../../ui/primitives/index.ts';
import { useCastStore } from './castStore.ts';
import { isolated } from './isolated.ts';

/** "Give this voice to…": makes a voice a character's default voice, from the voice lab. */
export function GiveVoiceTo({ voiceId, voiceName }: { voiceId: string; voiceName: string }) {
  const intl = useIntl();
  const { byId, order, loaded, load } = useCharactersStore(
    useShallow((s) => ({ byId: s.byId, order: s.order, loaded: s.loaded, load: s.load })),
  );
  const cast = useCastStore((s) => s.byCharacter);
  useEffect(() => {
    if (!loaded) void load();
    if (!useCastStore.getState().loaded) void useCastStore.getState().load();
  }, [loaded, load]);

  const actions = order.flatMap((id) => {
    const character = byId[id];
    if (!character) return [];
    const has = cast[id]?.voiceId === voiceId;
    const label = has ? intl.formatMessage({ id: 'scenes.giveVoice.hasIt' }, { name: isolated(character.name) }) : character.name;
    return [{ id, label, disabled: has }];
  });

  const give = async (characterId: string) => {
    const named = byId[characterId]?.name;
    const error = await useCastStore.getState().setVoice(characterId, voiceId);
    const toast = useToastStore.getState();
    if (error)
      // Kept as it came and worded when drawn: an error toast stays up through a change of language.
      toast.show(
        { id: 'scenes.giveVoice.failed', values: { name: named ?? { id: 'scenes.giveVoice.someone' }, voice: voiceName, reason: error } },
        'error',
      );
    else {
      const name = named ?? intl.formatMessage({ id: 'scenes.giveVoice.someone' });
      toast.show(intl.formatMessage({ id: 'scenes.giveVoice.done' }, { name: isolated(name), voice: isolated(voiceName) }), 'success');
    }
  };

  if (actions.length === 0) return null;
  return (
    <Menu
      label={intl.formatMessage({ id: 'scenes.giveVoice.label' }, { voice: voiceName })}
      className="give-voice"
      trigger={
        <>
          <UserRoundPlus size={14} aria-hidden="true" />
          <span>{intl.formatMessage({ id: 'scenes.giveVoice.trigger' })}</span>
        </>
      }
      actions={actions}
      onAction={(id) => void give(id)}
    />
  );
}
