import { useEffect } from 'react';
import { create } from 'zustand';
import type { LibraryItem } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge/invoke.ts';
import { registerStoreReset } from '../../stores/resetStores.ts';
import { Select } from '../../ui/primitives/index.ts';

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
  const clips = useSceneClipsStore((s) => s.clips);
  useEffect(() => void useSceneClipsStore.getState().load(), []);
  const options = [
    { value: '', label: 'Choose a clip from the gallery' },
    ...(value && !clips.some((clip) => clip.id === value) ? [{ value, label: 'The chosen clip' }] : []),
    ...clips.map((clip) => ({
      value: clip.id,
      label: [clip.characterName, clip.title || clip.prompt || clip.kind].filter(Boolean).join(' · '),
    })),
  ];
  return (
    <Select
      hideLabel
      label={`Line ${lineNumber}: gallery clip`}
      className="scene-line-clip"
      value={value ?? ''}
      options={options}
      onChange={(chosen) => onChange(chosen || null)}
      name="clip"
    />
  );
}
