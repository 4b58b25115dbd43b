import { create } from 'zustand';
import type { LibraryItem } from '../../shared/ipc/index.ts';
import { useNavigationStore } from './navigationStore.ts';

/**
 * What the gallery and the voice lab hand the studio's generate panel besides "Vary" (which goes
 * through the navigation store's `openGenerate` prefill). The panel calls `take` so it is used once,
 * and references the item's `remoteUrl` (the service's own URL of it) when the library knows one;
 * only an item without one has its downloaded file uploaded again.
 */
export type Handoff =
  /** "Use as reference": add this image or video as a reference of the next generation. */
  | {
      purpose: 'reference';
      itemId: string;
      kind: LibraryItem['kind'];
      title: string;
      mediaId: string | null;
      remoteUrl: string | null;
      characterId: string | null;
    }
  /** "Use in a talk clip": a talk generation speaking this audio track (spec 4.2 `audio_url`). */
  | { purpose: 'talk-audio'; itemId: string; title: string; mediaId: string | null; remoteUrl: string | null };

interface HandoffState {
  handoff: Handoff | null;
  useAsReference: (item: LibraryItem) => void;
  useInTalkClip: (item: Pick<LibraryItem, 'id' | 'title' | 'mediaId' | 'remoteUrl'>) => void;
  take: () => Handoff | null;
  reset: () => void;
}

export const useHandoffStore = create<HandoffState>()((set, get) => ({
  handoff: null,
  useAsReference: (item) => {
    set({
      handoff: {
        purpose: 'reference',
        itemId: item.id,
        kind: item.kind,
        title: item.title,
        mediaId: item.mediaId,
        remoteUrl: item.remoteUrl,
        characterId: item.characterId,
      },
    });
    const navigation = useNavigationStore.getState();
    if (item.characterId) navigation.openCharacter(item.characterId);
    else navigation.go('studio');
  },
  useInTalkClip: (item) => {
    set({ handoff: { purpose: 'talk-audio', itemId: item.id, title: item.title, mediaId: item.mediaId, remoteUrl: item.remoteUrl } });
    useNavigationStore.getState().go('studio');
  },
  take: () => {
    const handoff = get().handoff;
    if (handoff) set({ handoff: null });
    return handoff;
  },
  reset: () => set({ handoff: null }),
}));
