import { create } from 'zustand';
import { registerStoreReset } from '../../stores/resetStores.ts';

type StudioState = {
  search: string;
  createOpen: boolean;
  /** Bumped to ask the cast's search box to take focus (the "/" shortcut). */
  searchFocusRequest: number;
  setSearch: (search: string) => void;
  openCreate: () => void;
  closeCreate: () => void;
  requestSearchFocus: () => void;
  reset: () => void;
};

const initial = { search: '', createOpen: false, searchFocusRequest: 0 };

/** The cast screen's own state: its search and whether the create dialog is open. */
export const useStudioStore = create<StudioState>()((set) => ({
  ...initial,
  setSearch: (search) => set({ search }),
  openCreate: () => set({ createOpen: true }),
  closeCreate: () => set({ createOpen: false }),
  requestSearchFocus: () => set((state) => ({ searchFocusRequest: state.searchFocusRequest + 1 })),
  reset: () => set(initial),
}));

registerStoreReset(() => useStudioStore.getState().reset());
