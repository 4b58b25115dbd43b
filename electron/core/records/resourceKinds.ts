import { AudioStatus, CharacterStatus, GenerationStatus, TERMINAL, VoiceStatus, type ResourceKind } from '../../../shared/api/index.ts';
import type { EventName, EventPayload } from '../../../shared/ipc/index.ts';
import type { ApiClient } from '../api/apiClient.ts';
import type { LibraryQueryStore } from '../library/libraryQueryStore.ts';
import type { ResourceStore } from '../library/resourceStore.ts';
import type { RecordOf } from './kindRecord.ts';

export type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** What a kind's events read and where they go. */
export type KindViews = { emit: Emit; queries: LibraryQueryStore; resources: ResourceStore };

/** A file a finished record names: its role among the owner's files, its address, and whether only auto-download fetches it. */
export type MediaSpec = { role: string; url: string | null | undefined; onlyWithAutoDownload: boolean };

/** Everything the app decides per kind of resource: the record's way through core is read from here. */
export type KindRule<K extends ResourceKind> = {
  /** Reads one record from the service (the poller follows a resource this way). */
  read(api: ApiClient, id: string): Promise<RecordOf[K]>;
  /** Every record of the kind, a page at a time, newest first: a refresh of many file addresses walks it. */
  list(api: ApiClient): AsyncIterable<RecordOf[K][]>;
  /** Writes the record into the library's mirror. */
  mirror(store: ResourceStore, record: RecordOf[K]): void;
  /** Statuses after which nothing changes any more (spec 3). */
  terminal: readonly string[];
  /** The terminal status that means the work succeeded. */
  succeeded: string;
  /** Statuses still in flight: what is followed again when the app starts. */
  inFlight: readonly string[];
  /** The files a succeeded record names. */
  media(record: RecordOf[K], stored: ResourceStore): MediaSpec[];
  /** An item of the gallery: a sync page's items go out together in one `library.updated`. */
  inGallery: boolean;
  /** Events for a record that changed. */
  updated(id: string, views: KindViews): void;
  /** Events for a file of the record that finished (or failed) downloading. */
  mediaSettled(id: string, views: KindViews): void;
  /** Events for a record that left the library. */
  removed(id: string, emit: Emit): void;
};

/** Records asked per list page: the most the service's lists take (spec 4.4 says 1-100 for voices), as history sync asks. */
const LIST_PAGE = 100;

async function* itemsOf<T>(pages: AsyncIterable<{ items: T[] }>): AsyncGenerator<T[]> {
  for await (const page of pages) yield page.items;
}

function inFlight(kind: ResourceKind, statuses: readonly string[]): string[] {
  return statuses.filter((status) => !TERMINAL[kind].includes(status));
}

/** The gallery item again; answers the item sent, if the library still holds it. */
function itemUpdated(id: string, { emit, queries }: KindViews) {
  const item = queries.item(id);
  if (item) emit('library.updated', { items: [item], removedIds: [] });
  return item;
}

function characterUpdated(id: string, { emit, queries }: KindViews): void {
  const view = queries.character(id);
  if (view) emit('character.updated', view);
}

function voiceUpdated(id: string, { emit, resources }: KindViews): void {
  const status = resources.voiceStatus(id);
  if (status !== null) emit('voices.updated', { voiceId: id, status });
}

function itemRemoved(id: string, emit: Emit): void {
  emit('library.updated', { items: [], removedIds: [id] });
}

export const RESOURCE_KINDS: { readonly [K in ResourceKind]: KindRule<K> } = {
  character: {
    read: (api, id) => api.character(id),
    list: (api) => itemsOf(api.characters({ limit: LIST_PAGE })),
    mirror: (store, record) => store.upsertCharacter(record),
    terminal: TERMINAL.character,
    succeeded: 'ready',
    inFlight: inFlight('character', CharacterStatus.options),
    // Each version keeps its own pictures: the role names the version.
    media: (record, stored) => {
      const version = record.version ?? stored.characterVersion(record.id) ?? 1;
      return [
        { role: `headshot@${version}`, url: record.headshot_url, onlyWithAutoDownload: false },
        { role: `fullbody@${version}`, url: record.fullbody_url, onlyWithAutoDownload: false },
      ];
    },
    inGallery: false,
    updated: characterUpdated,
    mediaSettled: characterUpdated,
    removed: () => {},
  },
  generation: {
    read: (api, id) => api.generation(id),
    list: (api) => itemsOf(api.generations({ limit: LIST_PAGE })),
    mirror: (store, record) => store.upsertGeneration(record),
    terminal: TERMINAL.generation,
    succeeded: 'completed',
    inFlight: inFlight('generation', GenerationStatus.options),
    media: (record) => [
      { role: 'thumbnail', url: record.output?.thumbnail_url, onlyWithAutoDownload: false },
      { role: 'output', url: record.output?.url, onlyWithAutoDownload: true },
    ],
    inGallery: true,
    updated: itemUpdated,
    mediaSettled: itemUpdated,
    removed: itemRemoved,
  },
  voice: {
    read: (api, id) => api.voice(id),
    list: async function* (api) {
      for await (const page of api.voices({ limit: LIST_PAGE })) yield [...page.voices, ...page.presets];
    },
    mirror: (store, record) => store.upsertVoice(record),
    terminal: TERMINAL.voice,
    succeeded: 'ready',
    inFlight: inFlight('voice', VoiceStatus.options),
    // Like thumbnails, previews are small and what the voice lab plays offline: always fetched.
    media: (record) => [{ role: 'preview', url: record.preview_url, onlyWithAutoDownload: false }],
    inGallery: false,
    updated: voiceUpdated,
    mediaSettled: voiceUpdated,
    removed: (id, emit) => emit('voices.updated', { voiceId: id, status: 'deleted' }),
  },
  audio: {
    read: (api, id) => api.audio(id),
    list: (api) => itemsOf(api.audioTracks({ limit: LIST_PAGE })),
    mirror: (store, record) => store.upsertAudio(record),
    terminal: TERMINAL.audio,
    succeeded: 'ready',
    inFlight: inFlight('audio', AudioStatus.options),
    media: (record) => [{ role: 'output', url: record.audio_url, onlyWithAutoDownload: true }],
    inGallery: true,
    updated: (id, views) => {
      const item = itemUpdated(id, views);
      if (item) views.emit('audio.updated', { audioId: id, status: item.status });
    },
    // A finished download changes the gallery item only: the track's status is as it was.
    mediaSettled: itemUpdated,
    removed: (id, emit) => {
      itemRemoved(id, emit);
      emit('audio.updated', { audioId: id, status: 'deleted' });
    },
  },
};

/** The rule of a kind. */
export function kindRule<K extends ResourceKind>(kind: K): KindRule<K> {
  return RESOURCE_KINDS[kind];
}
