import { UserRoundPlus } from 'lucide-react';
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useDescribeError } from '../../errors/errorMessages.ts';
import { useCharactersStore } from '../../stores/charactersStore.ts';
import { useToastStore } from '../../stores/toastStore.ts';
import { Menu } from '../../ui/primitives/index.ts';
import { useCastStore } from './castStore.ts';

/** "Give this voice to…": makes a voice a character's default voice, from the voice lab. */
export function GiveVoiceTo({ voiceId, voiceName }: { voiceId: string; voiceName: string }) {
  const { byId, order, loaded, load } = useCharactersStore(
    useShallow((s) => ({ byId: s.byId, order: s.order, loaded: s.loaded, load: s.load })),
  );
  const cast = useCastStore((s) => s.byCharacter);
  const describe = useDescribeError();
  useEffect(() => {
    if (!loaded) void load();
    if (!useCastStore.getState().loaded) void useCastStore.getState().load();
  }, [loaded, load]);

  const actions = order.flatMap((id) => {
    const character = byId[id];
    if (!character) return [];
    const has = cast[id]?.voiceId === voiceId;
    return [{ id, label: has ? `${character.name} (has it)` : character.name, disabled: has }];
  });

  const give = async (characterId: string) => {
    const name = byId[characterId]?.name ?? 'The character';
    const error = await useCastStore.getState().setVoice(characterId, voiceId);
    const toast = useToastStore.getState();
    if (error) toast.show(`${name} could not be given “${voiceName}”: ${describe(error)}`, 'error');
    else toast.show(`${name} now speaks with “${voiceName}” in scenes.`, 'success');
  };

  if (actions.length === 0) return null;
  return (
    <Menu
      label={`Give this voice to…, ${voiceName}`}
      className="give-voice"
      trigger={
        <>
          <UserRoundPlus size={14} aria-hidden="true" />
          <span>Give this voice to…</span>
        </>
      }
      actions={actions}
      onAction={(id) => void give(id)}
    />
  );
}
