import { create } from 'zustand';
import { SCREENS, type Screen } from '../../shared/ipc/screens.ts';

export { SCREENS, type Screen };

/** What another screen can hand the generate panel (the gallery's "Vary"). */
export type GeneratePrefill = {
  type: 'image' | 'video' | 'talk';
  prompt?: string;
  model?: string | null;
  options?: Record<string, unknown>;
};

type NavigationState = {
  screen: Screen;
  /** The character whose page the studio shows; null shows the cast. */
  characterId: string | null;
  /** Set when a screen asks the generate panel to open prefilled; the panel consumes it. */
  generatePrefill: GeneratePrefill | null;
  /** Set by the gallery's "Show" for one item; the gallery consumes it. */
  galleryItemId: string | null;
  /** Set by "Buy credits" and the like for one section of Settings; the settings screen consumes it. */
  settingsSection: string | null;
  go: (screen: Screen) => void;
  openSettingsSection: (section: string) => void;
  takeSettingsSection: () => string | null;
  openCharacter: (id: string) => void;
  closeCharacter: () => void;
  openGenerate: (characterId: string, prefill: GeneratePrefill) => void;
  takeGeneratePrefill: () => GeneratePrefill | null;
  openGalleryItem: (itemId: string) => void;
  reset: () => void;
};

const initial = { screen: 'studio' as Screen, characterId: null, generatePrefill: null, galleryItemId: null, settingsSection: null };

export const useNavigationStore = create<NavigationState>()((set, get) => ({
  ...initial,
  go: (screen) => set({ screen }),
  openCharacter: (id) => set({ screen: 'studio', characterId: id }),
  closeCharacter: () => set({ characterId: null }),
  openGenerate: (characterId, prefill) => set({ screen: 'studio', characterId, generatePrefill: prefill }),
  takeGeneratePrefill: () => {
    const prefill = get().generatePrefill;
    if (prefill) set({ generatePrefill: null });
    return prefill;
  },
  openGalleryItem: (itemId) => set({ screen: 'gallery', galleryItemId: itemId }),
  openSettingsSection: (section) => set({ screen: 'settings', settingsSection: section }),
  takeSettingsSection: () => {
    const section = get().settingsSection;
    if (section) set({ settingsSection: null });
    return section;
  },
  reset: () => set(initial),
}));

export const SCREEN_LABELS: Record<Screen, string> = {
  studio: 'Studio',
  gallery: 'Gallery',
  voices: 'Voices',
  scenes: 'Scenes',
  credits: 'Credits',
  queue: 'Queue',
  settings: 'Settings',
};
