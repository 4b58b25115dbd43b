import { useEffect } from 'react';
import { Select as AriaSelect } from 'react-aria-components';
import { create } from 'zustand';
import type { LibraryItem } from '../../../shared/ipc/index.ts';
import { invoke } from '../../bridge/invoke.ts';
import { registerStoreReset } from '../../stores/resetStores.ts';
import { choiceValue, disabledKeys, selectedKey, SelectControl, type SelectChoice } from '../../ui/primitives/Select.tsx';

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
    <LineSelect
      label={`Line ${lineNumber}: gallery clip`}
      className="scene-line-clip"
      value={value ?? ''}
      options={options}
      onChange={(chosen) => onChange(chosen || null)}
      field="clip"
    />
  );
}

/**
 * A choice in a script line, named by its label alone (no visible label; the line's number tells rows
 * apart): react-aria's Select, its value in data-value and each option's in its own data-value.
 */
export function LineSelect({
  label,
  value,
  options,
  onChange,
  field,
  className,
}: {
  label: string;
  value: string;
  options: readonly SelectChoice[];
  onChange: (value: string) => void;
  field: string;
  className?: string;
}) {
  return (
    <AriaSelect
      aria-label={label}
      className={`ui-select ${className ?? ''}`}
      selectedKey={selectedKey(options, value)}
      onSelectionChange={(key) => key !== null && onChange(choiceValue(key))}
      disabledKeys={disabledKeys(options)}
      data-field={field}
      data-value={value}
    >
      <SelectControl options={options} />
    </AriaSelect>
  );
}
