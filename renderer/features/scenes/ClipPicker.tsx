import { useEffect } from 'react';
import { create } from 'zustand';
import type { LibraryItem } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge/invoke.ts';
import { registerStoreReset } from '../../stores/resetStores.ts';

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
  return (
    <select
      className="input select scene-line-clip"
      aria-label={`Line ${lineNumber}: gallery clip`}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      data-field="clip"
    >
      <option value="">Choose a clip from the gallery</option>
      {value && !clips.some((clip) => clip.id === value) ? <option value={value}>The chosen clip</option> : null}
      {clips.map((clip) => (
        <option key={clip.id} value={clip.id}>
          {[clip.characterName, clip.title || clip.prompt || clip.kind].filter(Boolean).join(' · ')}
        </option>
      ))}
    </select>
  );
}
