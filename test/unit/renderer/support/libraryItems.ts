import type { LibraryItem } from '../../../../shared/ipc/index.ts';

/** A finished image of the library, numbered: `item(3)` is "item-3". */
export function libraryItem(n: number, word = 'item'): LibraryItem {
  return {
    id: `${word}-${n}`,
    kind: 'image',
    status: 'completed',
    title: `${word} ${n}`,
    prompt: null,
    characterId: null,
    characterName: null,
    model: null,
    options: {},
    creditsUsed: null,
    mediaId: null,
    thumbId: null,
    mediaType: null,
    downloaded: false,
    favorite: false,
    collections: [],
    errorMessage: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    completedAt: null,
    remoteUrl: null,
  };
}

export function libraryItems(from: number, count: number, word = 'item'): LibraryItem[] {
  return Array.from({ length: count }, (_, k) => libraryItem(from + k, word));
}
