import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { create } from 'zustand';
import type { LibraryItem } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge/invoke.ts';
import { registerStoreReset } from '../../stores/resetStores.ts';
import { Select } from '../../ui/primitives/index.ts';
import { isolated } from './isolated.ts';

type ClipsState = {
  clips: readonly LibraryItem[];
  loading: boolean;
  load: () => Promise<void>;
  reset: () => void;
};

/** The gallery's finished clips a line can play as they are (read once per visit, shared by every clip line). */
export const useSceneClipsStore = create<ClipsState>()((set, get) => ({
  clips: [],
  loading: false,
  load: async () => {
    if (get().loading) return;
    set({ loading: true });
    const reply = await invoke('library.query', {
      filter: { kinds: ['video', 'talk'], statuses: ['completed'], sort: 'newest' },
      offset: 0,
      limit: 200,
    });
    set({ loading: false, clips: reply.ok ? reply.value.items : get().clips });
  },
  reset: () => set({ clips: [], loading: false }),
}));
registerStoreReset(() => useSceneClipsStore.getState().reset());

export function ClipPicker({
  lineNumber,
  value,
  onChange,
}: {
  lineNumber: number;
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const intl = useIntl();
  const clips = useSceneClipsStore((s) => s.clips);
  useEffect(() => void useSceneClipsStore.getState().load(), []);
  const options = [
    { value: '', label: intl.formatMessage({ id: 'scenes.clip.choose' }) },
    ...(value && !clips.some((clip) => clip.id === value) ? [{ value, label: intl.formatMessage({ id: 'scenes.clip.chosen' }) }] : []),
    ...clips.map((clip) => ({
      value: clip.id,
      // The clip's character and title (or prompt), as their author wrote them; its kind when it has neither.
      label: [
        ...(clip.characterName ? [isolated(clip.characterName)] : []),
        clip.title || clip.prompt
          ? isolated(clip.title || clip.prompt || '')
          : intl.formatMessage({ id: 'scenes.clip.kind' }, { kind: clip.kind }),
      ].join(' · '),
    })),
  ];
  return (
    <Select
      hideLabel
      label={intl.formatMessage({ id: 'scenes.clip.label' }, { number: lineNumber })}
      className="scene-line-clip"
      value={value ?? ''}
      options={options}
      onChange={(chosen) => onChange(chosen || null)}
      name="clip"
    />
  );
}
